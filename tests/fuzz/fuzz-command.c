/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-command.c — libFuzzer target for the turn command parser: any text
 * a file's turns.command column could hold must parse or be refused. */
#include <stdint.h>

#include "command.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *json = g_strndup((const char *) data, size);
    CavCommand command;

    command_from_json(json, &command, NULL);
    g_free(json);
    return 0;
}
