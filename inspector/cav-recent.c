/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-recent.c — the recent games, from GtkRecentManager's default list
 * (shared with other programs: only cavelog games are offered). */
#include "cav-recent.h"

#define RECENT_SHOWN 10

void cav_recent_add(GFile *file)
{
    g_autofree char *uri = g_file_get_uri(file);

    gtk_recent_manager_add_item(gtk_recent_manager_get_default(), uri);
}

void cav_recent_forget(GFile *file)
{
    g_autofree char *uri = g_file_get_uri(file);

    gtk_recent_manager_remove_item(gtk_recent_manager_get_default(), uri, NULL); /* if there */
}

static void fill_recent_menu(GtkMenuButton *button, gpointer user_data)
{
    g_autoptr(GMenu) menu = g_menu_new();
    GList *items = gtk_recent_manager_get_items(gtk_recent_manager_get_default());
    guint shown = 0;

    for (GList *l = items; l != NULL && shown < RECENT_SHOWN; l = l->next) {
        GtkRecentInfo *info = l->data;
        const char *uri = gtk_recent_info_get_uri(info);
        g_autoptr(GMenuItem) item = NULL;

        if ((!g_str_has_suffix(uri, ".cavelog") && !g_str_has_suffix(uri, ".cavelog.gz") &&
             !g_str_has_suffix(uri, ".cavepack")) ||
            !gtk_recent_info_exists(info))
            continue;
        item = g_menu_item_new(gtk_recent_info_get_display_name(info), NULL);
        g_menu_item_set_action_and_target(item, "app.open-uri", "s", uri);
        g_menu_append_item(menu, item);
        shown++;
    }
    g_list_free_full(items, (GDestroyNotify) gtk_recent_info_unref);
    if (shown == 0)
        g_menu_append(menu, "No recent games", "app.nothing");
    gtk_menu_button_set_menu_model(button, G_MENU_MODEL(menu));
}

void cav_recent_install(GtkMenuButton *button)
{
    g_return_if_fail(GTK_IS_MENU_BUTTON(button));
    gtk_menu_button_set_create_popup_func(button, fill_recent_menu, NULL, NULL);
}
