/* SPDX-License-Identifier: GPL-3.0-or-later */
/* testfonts.h — the fonts the inspector's display tests render with, the same
 * on every machine: what they measure and the pixels they check would
 * otherwise follow whichever font "monospace" happens to resolve to there. */
#ifndef CAV_TESTS_TESTFONTS_H
#define CAV_TESTS_TESTFONTS_H

#include <glib.h>

/* Where fonts-dejavu-core puts its fonts: the only ones the tests may see. */
#define TEST_FONTS_DIR "/usr/share/fonts/truetype/dejavu"

/* Let this process, and the programs it starts, see only the DejaVu fonts,
 * with monospace, sans-serif and serif meaning DejaVu's: a fontconfig
 * configuration of the test's own, in a fresh folder, named by
 * $FONTCONFIG_FILE. Call before GTK (and so fontconfig) initialises; it reads
 * the variable once. Fails the program if fonts-dejavu-core is missing.
 * Returns the folder, for test_fonts_unpin(). */
char *test_fonts_pin(void);

/* Remove the folder test_fonts_pin() made, and free @dir. */
void test_fonts_unpin(char *dir);

#endif
