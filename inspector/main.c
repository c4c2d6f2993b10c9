/* SPDX-License-Identifier: GPL-3.0-or-later */
/* main.c — cavelog-inspector [FILE…]: see cav-inspector-app.c. */
#include "cav-inspector-app.h"
#include "cav-timing.h"
#include "pack.h"

int main(int argc, char **argv)
{
    cav_timing_mark("main");
    pack_enable_readers(); /* a pack opens as its game, rebuilt into a private copy */
    int usage = cav_inspector_app_check_arguments(argv);
    if (usage >= 0)
        return usage;
    g_autoptr(CavInspectorApp) app = cav_inspector_app_new();
    int status = g_application_run(G_APPLICATION(app), argc, argv);

    return status != 0 ? status : cav_inspector_app_get_exit_status(app);
}
