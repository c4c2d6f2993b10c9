/* SPDX-License-Identifier: GPL-3.0-or-later */
/* testfonts.c — pin the fonts the inspector's display tests render with. */
#include "testfonts.h"

#include <glib/gstdio.h>

#define TEST_FONTS_MONO TEST_FONTS_DIR "/DejaVuSansMono.ttf"

/* The generic families, each meaning a DejaVu font. */
static const char *const generic_families[][2] = {
    {"monospace", "DejaVu Sans Mono"}, {"mono", "DejaVu Sans Mono"}, {"sans-serif", "DejaVu Sans"},
    {"sans", "DejaVu Sans"},           {"serif", "DejaVu Serif"},
};

/* Only the DejaVu folder, not the system's configuration (which adds every
 * installed font and the user's own settings). The aliases that map generic
 * families live in that configuration, so they are spelt out here, and any
 * other family (GTK's default one, say) falls back to DejaVu Sans rather than
 * to whichever DejaVu font happens to rank first, as the system's
 * configuration would fall back to sans-serif. The cache goes in @cache_dir,
 * so nothing outside the test's folder is written. */
static char *fonts_conf(const char *cache_dir)
{
    GString *conf = g_string_new("<?xml version=\"1.0\"?>\n"
                                 "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
                                 "<fontconfig>\n"
                                 "  <dir>" TEST_FONTS_DIR "</dir>\n");
    g_autofree char *cache = g_markup_printf_escaped("  <cachedir>%s</cachedir>\n", cache_dir);

    g_string_append(conf, cache);
    for (gsize i = 0; i < G_N_ELEMENTS(generic_families); i++)
        g_string_append_printf(conf,
                               "  <alias binding=\"same\"><family>%s</family>"
                               "<prefer><family>%s</family></prefer></alias>\n",
                               generic_families[i][0], generic_families[i][1]);
    g_string_append(conf, "  <match target=\"pattern\">"
                          "<edit name=\"family\" mode=\"append_last\">"
                          "<string>DejaVu Sans</string></edit></match>\n"
                          "</fontconfig>\n");
    return g_string_free(conf, FALSE);
}

char *test_fonts_pin(void)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *path = NULL, *cache = NULL, *conf = NULL;
    char *dir;

    if (!g_file_test(TEST_FONTS_MONO, G_FILE_TEST_IS_REGULAR))
        g_error("%s is missing: the tests render with it; install fonts-dejavu-core",
                TEST_FONTS_MONO);
    dir = g_dir_make_tmp("cavelog-fonts-XXXXXX", &error);
    g_assert_no_error(error);
    path = g_build_filename(dir, "fonts.conf", NULL);
    cache = g_build_filename(dir, "cache", NULL);
    conf = fonts_conf(cache);
    g_assert_true(g_file_set_contents(path, conf, -1, &error));
    g_assert_no_error(error);
    g_setenv("FONTCONFIG_FILE", path, TRUE);
    return dir;
}

/* Remove @path and, if it is a folder, everything below it (as testutil.c
 * does; this file is linked into tests that do not link that one). */
static void remove_folder(const char *path)
{
    GDir *dir = g_dir_open(path, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name(dir)) != NULL) {
        g_autofree char *child = g_build_filename(path, name, NULL);
        if (g_file_test(child, G_FILE_TEST_IS_DIR) && !g_file_test(child, G_FILE_TEST_IS_SYMLINK))
            remove_folder(child);
        else
            g_unlink(child);
    }
    if (dir != NULL)
        g_dir_close(dir);
    g_rmdir(path);
}

void test_fonts_unpin(char *dir)
{
    g_unsetenv("FONTCONFIG_FILE");
    remove_folder(dir);
    g_free(dir);
}
