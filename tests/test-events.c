/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-events.c — the catalog, the JSON codec (round trip for every type,
 * strict rejection of bad payloads) and the bus contract of bus.h. */
#include <string.h>

#include "bus.h"
#include "codec.h"

/* Fill every field of @event with values derived from @salt, including text
 * that needs escaping. */
static void fill_fields(CavEvent *event, guint salt)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    guint8 *payload = (guint8 *) &event->as;

    for (guint i = 0; i < n; i++) {
        void *at = payload + fields[i].offset;
        gint32 i32 = (gint32) (salt * 7919u + i * 104729u) - 50000;
        gint64 i64 = G_GINT64_CONSTANT(-9000000000000000000) + (gint64) salt * 977 + i;
        switch (fields[i].kind) {
        case CAV_FIELD_I32:
            memcpy(at, &i32, sizeof i32);
            break;
        case CAV_FIELD_I64:
            memcpy(at, &i64, sizeof i64);
            break;
        case CAV_FIELD_STR:
            g_snprintf(at, fields[i].size, "q\"uo\\te\n%u é", salt + i);
            break;
        case CAV_FIELD_ROW:
            memset(at, 0, fields[i].size);
            for (gsize k = 0; k + 1 < fields[i].size; k++)
                ((char *) at)[k] = "#.<>"[(k + salt) % 4];
            break;
        }
    }
}

static void assert_same_payload(const CavEvent *a, const CavEvent *b)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(a->type, &fields);

    g_assert_cmpint(a->type, ==, b->type);
    for (guint i = 0; i < n; i++) {
        const guint8 *pa = (const guint8 *) &a->as + fields[i].offset;
        const guint8 *pb = (const guint8 *) &b->as + fields[i].offset;
        if (fields[i].kind == CAV_FIELD_STR || fields[i].kind == CAV_FIELD_ROW)
            g_assert_cmpstr((const char *) pa, ==, (const char *) pb);
        else
            g_assert_cmpmem(pa, fields[i].size, pb, fields[i].size);
    }
}

static void test_catalog_names(void)
{
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        CavEventType back;
        const CavFieldInfo *fields;
        g_assert_true(ev_type_from_name(ev_type_name((CavEventType) t), &back));
        g_assert_cmpint(back, ==, t);
        g_assert_cmpint(ev_type_version((CavEventType) t), >=, 1);
        g_assert_cmpuint(strlen(ev_type_meaning((CavEventType) t)), >, 0);
        g_assert_cmpuint(ev_type_fields((CavEventType) t, &fields), >, 0);
        for (guint k = 0; k < t; k++)
            g_assert_cmpstr(ev_type_name((CavEventType) k), !=, ev_type_name((CavEventType) t));
    }
    CavEventType unused;
    g_assert_false(ev_type_from_name("DragonSummoned", &unused));
}

/* Every type's payload, filled by @fill with 20 salts, decodes to what
 * was encoded. */
static void assert_round_trips(void (*fill)(CavEvent *, guint))
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();

    for (guint salt = 0; salt < 20; salt++) {
        for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
            CavEvent in = ev_init((CavEventType) t), out;
            g_autoptr(GString) json = g_string_new(NULL);
            g_autoptr(GError) error = NULL;
            fill(&in, salt + t);
            codec_encode_payload(&in, json);
            memset(&out, 0xa5, sizeof out);
            g_assert_true(codec_decode_payload(decoder, in.type, in.version, json->str, json->len,
                                               &out, &error));
            g_assert_no_error(error);
            assert_same_payload(&in, &out);
        }
    }
}

static void test_codec_round_trip(void)
{
    assert_round_trips(fill_fields);
}

static void test_codec_envelope(void)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_MOVED);
    g_autoptr(GString) json = g_string_new(NULL);

    e.seq = 42;
    e.turn = 7;
    e.actor = 3;
    e.as.CreatureMoved = (CavEvCreatureMoved){
        .creature = 3, .z = 1, .from_x = 4, .from_y = 5, .x = 5, .y = 5, .food = 1};
    codec_encode_event(&e, json);
    g_assert_cmpstr(json->str, ==,
                    "{\"seq\":42,\"turn\":7,\"type\":\"CreatureMoved\",\"version\":2,"
                    "\"cause\":null,\"actor\":3,\"payload\":{\"creature\":3,\"z\":1,"
                    "\"from_x\":4,\"from_y\":5,\"x\":5,\"y\":5,\"food\":1}}");
}

static void assert_rejected(const char *json, const char *problem)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    CavEvent out;

    g_assert_false(codec_decode_payload(decoder, CAV_EVENT_CREATURE_WAITED, 1, json, strlen(json),
                                        &out, &error));
    g_assert_error(error, CODEC_ERROR, CODEC_ERROR_MALFORMED);
    if (strstr(error->message, problem) == NULL)
        g_error("decoding %s said “%s”, expected it to mention “%s”", json, error->message,
                problem);
    /* The decoder recovers: a good payload decodes right after a bad one. */
    g_clear_error(&error);
    g_assert_true(codec_decode_payload(decoder, CAV_EVENT_CREATURE_WAITED, 1, "{\"creature\":9}",
                                       14, &out, &error));
    g_assert_cmpint(out.as.CreatureWaited.creature, ==, 9);
}

static void test_codec_rejects(void)
{
    assert_rejected("{}", "missing field");
    assert_rejected("{\"creature\":1,\"extra\":2}", "does not have");
    assert_rejected("{\"creature\":1,\"creature\":2}", "twice");
    assert_rejected("{\"creature\":\"one\"}", "text where a number");
    assert_rejected("{\"creature\":1.5}", "wrong kind");
    assert_rejected("{\"creature\":[1]}", "wrong kind");
    assert_rejected("{\"creature\":{\"a\":1}}", "nested");
    assert_rejected("{\"creature\":99999999999}", "too large");
    assert_rejected("{\"creature\":1", "no object");
    assert_rejected("{\"creature\":1}{\"creature\":2}", "second object");
    assert_rejected("creature", "no object");
    assert_rejected("{\"creature\":tru}", "not JSON");
    assert_rejected("", "no object");
    assert_rejected("{\"creature\":1} 7", "text after");
    assert_rejected("{\"creature\":1}x", "text after");
}

static void test_codec_text_limits(void)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) json = g_string_new("{\"creature\":1,\"cause\":\"");
    CavEvent out;

    for (int i = 0; i < CAV_STR_MAX; i++)
        g_string_append_c(json, 'x');
    g_string_append(json, "\"}");
    g_assert_false(
        codec_decode_payload(decoder, CAV_EVENT_GAME_LOST, 1, json->str, json->len, &out, &error));
    g_assert_nonnull(strstr(error->message, "too long"));
}

/* Fill every field of @event with @salt's values and text that needs no
 * escape (ASCII, or UTF-8 beyond it): what the decoder reads in its fast
 * pass, which must give what the full parser gives. */
static void fill_plain_fields(CavEvent *event, guint salt)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);
    guint8 *payload = (guint8 *) &event->as;
    static const gint64 numbers[] = {0, 1, -1, 9, 10, -10, G_MAXINT32, G_MININT32, 100000};

    for (guint i = 0; i < n; i++) {
        void *at = payload + fields[i].offset;
        gint64 v = numbers[(salt + i) % G_N_ELEMENTS(numbers)];
        gint32 v32 = (gint32) v;
        switch (fields[i].kind) {
        case CAV_FIELD_I32:
            memcpy(at, &v32, sizeof v32);
            break;
        case CAV_FIELD_I64:
            v = salt % 2 ? G_GINT64_CONSTANT(-999999999999999999) : v;
            memcpy(at, &v, sizeof v);
            break;
        case CAV_FIELD_STR:
        case CAV_FIELD_ROW:
            g_snprintf(at, fields[i].size, salt % 2 ? "plain %u" : "gobelin é %u ·", salt + i);
            break;
        }
    }
}

static void test_codec_plain_round_trip(void)
{
    assert_round_trips(fill_plain_fields);
}

/* Forms next to cavelog's own, which the fast pass must leave to the
 * parser and the spelling check: each is refused, by the same message. */
static void test_codec_near_canonical(void)
{
    assert_rejected("{\"creature\":-0}", "not written the way");
    assert_rejected("{\"creature\":01}", "");
    assert_rejected("{\"creature\":+1}", "not JSON");
    assert_rejected("{\"creature\":1e2}", "wrong kind");
    assert_rejected("{\"creature\":2147483648}", "too large");
    assert_rejected("{\"creature\":-2147483649}", "too large");
    assert_rejected("{ \"creature\":1}", "not written the way");
    assert_rejected("{\"creature\":1 }", "not written the way");
    assert_rejected("{\"creature\":1}\n", "not written the way");
    assert_rejected("{\"creature\" :1}", "not written the way");
    assert_rejected("{\"creature\":1,}", "");
    assert_rejected("{\"creature\":\"1\"}", "text where a number");
    assert_rejected("{\"creature\":\"\\u0031\"}", "text where a number");
}

/* Text the fast pass reads and text it leaves to the parser, at its edges. */
static void test_codec_text_forms(void)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    CavEvent out;
    static const char *const refused[] = {
        "{\"creature\":1,\"cause\":\"bad \xc3(\"}", /* not UTF-8 */
        "{\"creature\":1,\"cause\":\"tab\there\"}", /* a raw control character */
        "{\"creature\":1,\"cause\":\"\\u0041\"}",   /* an escape cavelog does not write */
        "{\"creature\":1,\"cause\":\"open}",        /* an unfinished string */
    };

    for (guint i = 0; i < G_N_ELEMENTS(refused); i++) {
        g_assert_false(codec_decode_payload(decoder, CAV_EVENT_GAME_LOST, 1, refused[i],
                                            strlen(refused[i]), &out, &error));
        g_assert_error(error, CODEC_ERROR, CODEC_ERROR_MALFORMED);
        g_clear_error(&error);
    }
    static const char escaped[] = "{\"creature\":1,\"cause\":\"a \\\"b\\\" \\\\ c\"}";
    g_assert_true(codec_decode_payload(decoder, CAV_EVENT_GAME_LOST, 1, escaped, strlen(escaped),
                                       &out, &error));
    g_assert_cmpstr(out.as.GameLost.cause, ==, "a \"b\" \\ c");
    static const char del[] = "{\"creature\":1,\"cause\":\"x\x7fy\"}";
    g_assert_true(
        codec_decode_payload(decoder, CAV_EVENT_GAME_LOST, 1, del, strlen(del), &out, &error));
    g_assert_cmpstr(out.as.GameLost.cause, ==, "x\x7fy");
}

static void test_text_cut_at_characters(void)
{
    char field[8];

    ev_set_text(field, sizeof field, "abcdeÆø"); /* Æ would straddle the end */
    g_assert_cmpstr(field, ==, "abcdeÆ");
    ev_set_text(field, sizeof field, "abcdefÆ");
    g_assert_cmpstr(field, ==, "abcdef");
    ev_set_text(field, sizeof field, "a\xff");
    g_assert_true(g_utf8_validate(field, -1, NULL));
}

static void test_codec_versions(void)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    CavEvent out;

    g_assert_false(codec_decode_payload(decoder, CAV_EVENT_CREATURE_WAITED, 2, "{\"creature\":1}",
                                        14, &out, &error));
    g_assert_error(error, CODEC_ERROR, CODEC_ERROR_VERSION);
    g_assert_nonnull(strstr(error->message, "newer"));
}

/* Version 1 payloads (written before creatures had food and data-driven
 * stats) upcast: the added fields get the values that keep the old meaning. */
static void test_codec_upcast(void)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    const char *moved = "{\"creature\":1,\"z\":0,\"from_x\":4,\"from_y\":5,\"x\":5,\"y\":5}";
    const char *spawned = "{\"creature\":1,\"kind\":\"player\",\"z\":0,\"x\":3,\"y\":4,"
                          "\"max_hp\":100,\"attack\":20,\"defense\":5,\"vision\":9}";
    const char *moved_v1_with_food =
        "{\"creature\":1,\"z\":0,\"from_x\":4,\"from_y\":5,\"x\":5,\"y\":5,\"food\":1}";
    CavEvent out;

    g_assert_true(codec_decode_payload(decoder, CAV_EVENT_CREATURE_MOVED, 1, moved, strlen(moved),
                                       &out, &error));
    g_assert_no_error(error);
    g_assert_cmpint(out.version, ==, 2);
    g_assert_cmpint(out.as.CreatureMoved.x, ==, 5);
    g_assert_cmpint(out.as.CreatureMoved.food, ==, 0);

    g_assert_true(codec_decode_payload(decoder, CAV_EVENT_CREATURE_SPAWNED, 1, spawned,
                                       strlen(spawned), &out, &error));
    g_assert_no_error(error);
    g_assert_cmpstr(out.as.CreatureSpawned.behaviour, ==, "player");
    g_assert_cmpstr(out.as.CreatureSpawned.glyph, ==, "@");
    g_assert_cmpint(out.as.CreatureSpawned.food, ==, 666);
    g_assert_cmpint(out.as.CreatureSpawned.max_food, ==, 1000);
    g_assert_cmpint(out.as.CreatureSpawned.level, ==, 1);
    g_assert_cmpint(out.as.CreatureSpawned.max_hp, ==, 100);

    /* An old version must not hold fields it did not have, and the current
     * version must hold them all. */
    g_assert_false(codec_decode_payload(decoder, CAV_EVENT_CREATURE_MOVED, 1, moved_v1_with_food,
                                        strlen(moved_v1_with_food), &out, &error));
    g_assert_nonnull(strstr(error->message, "version does not have"));
    g_clear_error(&error);
    g_assert_false(codec_decode_payload(decoder, CAV_EVENT_CREATURE_MOVED, 2, moved, strlen(moved),
                                        &out, &error));
    g_assert_nonnull(strstr(error->message, "missing field"));
    g_clear_error(&error);
    g_assert_false(codec_decode_payload(decoder, CAV_EVENT_CREATURE_MOVED, 0, moved, strlen(moved),
                                        &out, &error));
    g_assert_error(error, CODEC_ERROR, CODEC_ERROR_VERSION);
}

static void test_summary(void)
{
    CavEvent e = ev_init(CAV_EVENT_TILE_DUG);
    g_autoptr(GString) text = g_string_new(NULL);

    e.as.TileDug = (CavEvTileDug){.creature = 1, .z = 2, .x = 30, .y = 4};
    ev_summary(&e, text);
    /* z is 0-based in the payload; people read depths 1 to 5. */
    g_assert_cmpstr(text->str, ==, "wall at (30,4) on depth 3 dug into floor by creature 1");
    g_string_truncate(text, 0);
    e = ev_init(CAV_EVENT_CREATURE_TOOK_STAIRS);
    e.as.CreatureTookStairs = (CavEvCreatureTookStairs){.creature = 1, .from_z = 0, .z = 1};
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 took the stairs from depth 1 to depth 2 at (0,0)");
    /* an empty hunger word (back to neither hungry nor full) is said */
    g_string_truncate(text, 0);
    e = ev_init(CAV_EVENT_HUNGER_CHANGED);
    e.as.HungerChanged.creature = 1;
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 is now neither hungry nor full");
    g_string_truncate(text, 0);
    EV_SET_STR(e.as.HungerChanged.word, "hungry");
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 is now hungry");
}

/* Names creature 1 "you", as the inspector and the game name the player. */
static void you_namer(CavRefKind kind, gint32 id, GString *out, gpointer data)
{
    if (kind == CAV_REF_CREATURE && id == 1)
        g_string_append(out, "you");
    else
        g_string_append_printf(out, "%s %d", kind == CAV_REF_ITEM ? "item" : "creature", id);
}

/* The game's end reads as a sentence whether the player is "you" (the
 * inspector, the game) or "creature 1" (`cavelog events`). */
static void test_summary_game_end(void)
{
    CavEvent e = ev_init(CAV_EVENT_GAME_LOST);
    g_autoptr(GString) text = g_string_new(NULL);

    e.as.GameLost.creature = 1;
    EV_SET_STR(e.as.GameLost.cause, "killed by a goblin");
    ev_summary_named(&e, you_namer, NULL, text);
    g_assert_cmpstr(text->str, ==, "you lost the game: killed by a goblin");
    g_string_truncate(text, 0);
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 lost the game: killed by a goblin");
    g_string_truncate(text, 0);
    e = ev_init(CAV_EVENT_GAME_WON);
    e.as.GameWon.creature = 1;
    ev_summary_named(&e, you_namer, NULL, text);
    g_assert_cmpstr(text->str, ==, "you won the game");
    g_string_truncate(text, 0);
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 won the game");
}

/* A bracketed part of a summary is left out when it names no entity: a
 * pick-up into no stack says nothing of one ("into nothing"). */
static void test_summary_optional(void)
{
    CavEvent e = ev_init(CAV_EVENT_ITEM_PICKED_UP);
    g_autoptr(GString) text = g_string_new(NULL);

    e.as.ItemPickedUp = (CavEvItemPickedUp){.creature = 1, .item = 2};
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 picked up item 2");
    g_string_truncate(text, 0);
    e.as.ItemPickedUp.into = 3;
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 picked up item 2 (stacked with item 3)");
    g_string_truncate(text, 0);
    e = ev_init(CAV_EVENT_ITEM_DROPPED);
    e.as.ItemDropped = (CavEvItemDropped){.creature = 1, .item = 2, .split = 4, .x = 5, .y = 6};
    ev_summary(&e, text);
    g_assert_cmpstr(text->str, ==, "creature 1 dropped item 2 (split off as item 4) at (5,6)");
}

/* "Level" is the character's experience level in every summary; where a
 * creature is, is a depth. */
static void test_summary_depths(void)
{
    for (guint type = 0; type < CAV_EVENT_TYPE_COUNT; type++) {
        const char *summary = ev_type_summary_template((CavEventType) type);
        g_assert_null(strstr(summary, "level {z}"));
        g_assert_null(strstr(summary, "level {from_z}"));
        g_assert_null(strstr(summary, "levels of"));
        g_assert_null(strstr(summary, "nothing"));
    }
}

static void test_sql_views(void)
{
    g_autoptr(GString) sql = g_string_new(NULL);

    codec_sql_views(sql);
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++) {
        g_autofree char *view =
            g_strdup_printf("CREATE VIEW \"%s\" AS ", ev_type_name((CavEventType) t));
        g_assert_nonnull(strstr(sql->str, view));
    }
    g_assert_nonnull(strstr(sql->str, "json_extract(payload, '$.from_x') AS \"from_x\""));
}

/* Each generated view is honest; so are older builds' (fewer columns, the
 * cause named "cause"); a view whose column reads another field, or another
 * type's events, or anything more, is not. */
/* Version 1 of ManaDrawn held one amount, hp spent and mana gained alike
 * (0.3.0's one for one): it reads as hp = mana = amount, spelled as
 * cavelog wrote it and under no other name. Version 1 of SpellDefined reads as a blink from the
 * next cell on and blood to mana at one hp a mana. The view reads either version. */
static void test_codec_upcast_renamed(void)
{
    g_autoptr(CodecDecoder) decoder = codec_decoder_new();
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) sql = g_string_new(NULL);
    const char *drawn = "{\"creature\":3,\"amount\":4}";
    const char *wrong[] = {"{\"creature\":3,\"hp\":4}", "{\"creature\":3,\"amount\":4,\"mana\":4}",
                           "{\"creature\":3}", "{ \"creature\": 3, \"amount\": 4 }",
                           "{\"amount\":4,\"creature\":3}"};
    const char *spell = "{\"spell\":\"blink\",\"book\":\"b\",\"cost\":6,\"effect\":\"\","
                        "\"special\":\"blink\",\"range\":5,\"summon\":\"\",\"duration\":1,\"hp\":0,"
                        "\"mana\":0,\"xp_per_level\":0,\"turn_hp\":0,\"turn_chance\":100,"
                        "\"attack\":0,\"defense\":0,\"vision\":0,\"hp_regen\":0,\"mana_regen\":0,"
                        "\"detect\":0}";
    CavEvent out;

    g_assert_true(
        codec_decode_payload(decoder, CAV_EVENT_MANA_DRAWN, 1, drawn, strlen(drawn), &out, &error));
    g_assert_no_error(error);
    g_assert_cmpint(out.version, ==, 2);
    g_assert_cmpint(out.as.ManaDrawn.creature, ==, 3);
    g_assert_cmpint(out.as.ManaDrawn.hp, ==, 4);
    g_assert_cmpint(out.as.ManaDrawn.mana, ==, 4);
    for (guint i = 0; i < G_N_ELEMENTS(wrong); i++) {
        g_assert_false(codec_decode_payload(decoder, CAV_EVENT_MANA_DRAWN, 1, wrong[i],
                                            strlen(wrong[i]), &out, &error));
        g_clear_error(&error);
    }
    g_assert_false(
        codec_decode_payload(decoder, CAV_EVENT_MANA_DRAWN, 2, drawn, strlen(drawn), &out, &error));
    g_clear_error(&error);
    g_assert_true(codec_decode_payload(decoder, CAV_EVENT_SPELL_DEFINED, 1, spell, strlen(spell),
                                       &out, &error));
    g_assert_no_error(error);
    g_assert_cmpint(out.as.SpellDefined.range, ==, 5);
    g_assert_cmpint(out.as.SpellDefined.min_range, ==, 1);
    g_assert_cmpint(out.as.SpellDefined.hp_per_mana, ==, 1);
    codec_sql_views(sql);
    g_assert_nonnull(strstr(sql->str, ", coalesce(json_extract(payload, '$.hp'), "
                                      "json_extract(payload, '$.amount')) AS \"hp\", "
                                      "coalesce(json_extract(payload, '$.mana'), "
                                      "json_extract(payload, '$.amount')) AS \"mana\" FROM"));
}

static void test_sql_view_honest(void)
{
    g_autoptr(GString) sql = g_string_new(NULL);
    g_auto(GStrv) views = NULL;
    static const char moved[] = "CREATE VIEW \"CreatureMoved\" AS SELECT seq, turn, cause, actor, "
                                "json_extract(payload, '$.creature') AS \"creature\", "
                                "json_extract(payload, '$.x') AS \"x\" FROM events WHERE type = "
                                "'CreatureMoved'";
    static const char *const lies[] = {
        "CREATE VIEW \"CreatureMoved\" AS SELECT seq, turn, cause, actor, "
        "json_extract(payload, '$.y') AS \"x\" FROM events WHERE type = 'CreatureMoved'",
        "CREATE VIEW \"CreatureMoved\" AS SELECT seq, turn, cause, actor, "
        "json_extract(payload, '$.x') AS \"x\" FROM events WHERE type = 'TileDug'",
        "CREATE VIEW \"CreatureMoved\" AS SELECT seq, turn, cause, actor, "
        "json_extract(payload, '$.x') AS \"x\" FROM events WHERE type = 'CreatureMoved' "
        "OR 1",
        "CREATE VIEW \"CreatureMoved\" AS SELECT seq, turn, cause, actor, "
        "json_extract(payload, '$.x') + 1 AS \"x\" FROM events WHERE type = 'CreatureMoved'",
    };

    codec_sql_views(sql);
    views = g_strsplit(sql->str, ";\n", -1);
    for (guint t = 0; t < CAV_EVENT_TYPE_COUNT; t++)
        g_assert_true(codec_sql_view_is_honest(ev_type_name((CavEventType) t), views[t]));
    g_assert_true(codec_sql_view_is_honest("CreatureMoved", moved));
    g_assert_false(codec_sql_view_is_honest("TileDug", moved));
    g_assert_false(codec_sql_view_is_honest("NoSuchEvent", moved));
    for (guint i = 0; i < G_N_ELEMENTS(lies); i++)
        g_assert_false(codec_sql_view_is_honest("CreatureMoved", lies[i]));
    /* cavelog 0.3.0's view of ManaDrawn, and one that passes the amount
     * off as the mana alone */
    g_assert_true(codec_sql_view_is_honest(
        "ManaDrawn", "CREATE VIEW \"ManaDrawn\" AS SELECT seq, turn, cause AS cause_seq, actor, "
                     "json_extract(payload, '$.creature') AS \"creature\", json_extract(payload, "
                     "'$.amount') AS \"amount\" FROM events WHERE type = 'ManaDrawn'"));
    g_assert_false(codec_sql_view_is_honest(
        "ManaDrawn", "CREATE VIEW \"ManaDrawn\" AS SELECT seq, turn, cause AS cause_seq, actor, "
                     "json_extract(payload, '$.amount') AS \"mana\" FROM events WHERE type = "
                     "'ManaDrawn'"));
}

/* ---- bus ----------------------------------------------------------------- */

typedef struct {
    Bus *bus;
    GString *log;
    guint unsubscribe_me;    /* subscription the handler removes, or 0 */
    gboolean publish_follow; /* publish a follow-up once */
} BusFixture;

typedef struct {
    BusFixture *fixture;
    const char *name;
} Listener;

static void bus_setup(BusFixture *f, gconstpointer data)
{
    f->bus = bus_new();
    f->log = g_string_new(NULL);
}

static void bus_teardown(BusFixture *f, gconstpointer data)
{
    bus_free(f->bus);
    g_string_free(f->log, TRUE);
}

static CavEvent waited(gint32 creature)
{
    CavEvent e = ev_init(CAV_EVENT_CREATURE_WAITED);

    e.as.CreatureWaited.creature = creature;
    return e;
}

static void on_log(const CavEvent *event, gpointer user_data)
{
    Listener *l = user_data;
    BusFixture *f = l->fixture;

    g_string_append_printf(f->log, "%s%s:%s%d", f->log->len ? " " : "", l->name,
                           event->type == CAV_EVENT_CREATURE_WAITED ? "w" : "d",
                           event->type == CAV_EVENT_CREATURE_WAITED
                               ? event->as.CreatureWaited.creature
                               : event->as.TileDug.x);
    if (f->unsubscribe_me != 0) {
        bus_unsubscribe(f->bus, f->unsubscribe_me);
        f->unsubscribe_me = 0;
    }
    if (f->publish_follow && event->type == CAV_EVENT_CREATURE_WAITED &&
        event->as.CreatureWaited.creature == 1) {
        CavEvent follow = waited(2);
        f->publish_follow = FALSE;
        bus_publish(f->bus, &follow);
    }
}

static void test_bus_order(BusFixture *f, gconstpointer data)
{
    Listener a = {f, "a"}, b = {f, "b"}, c = {f, "c"};
    CavEvent e = waited(1);

    bus_subscribe_all(f->bus, on_log, &a);
    bus_subscribe(f->bus, CAV_EVENT_CREATURE_WAITED, on_log, &b);
    bus_subscribe_all(f->bus, on_log, &c);
    bus_publish(f->bus, &e);
    g_assert_cmpstr(f->log->str, ==, "a:w1 b:w1 c:w1");
}

static void test_bus_filters(BusFixture *f, gconstpointer data)
{
    Listener one = {f, "one"}, set = {f, "set"}, all = {f, "all"};
    const CavEventType types[] = {CAV_EVENT_TILE_DUG, CAV_EVENT_GAME_LOST};
    CavEvent w = waited(1), d = ev_init(CAV_EVENT_TILE_DUG);

    d.as.TileDug.x = 7;
    bus_subscribe(f->bus, CAV_EVENT_CREATURE_WAITED, on_log, &one);
    bus_subscribe_set(f->bus, types, G_N_ELEMENTS(types), on_log, &set);
    bus_subscribe_all(f->bus, on_log, &all);
    bus_publish(f->bus, &w);
    bus_publish(f->bus, &d);
    g_assert_cmpstr(f->log->str, ==, "one:w1 all:w1 set:d7 all:d7");
}

static void test_bus_unsubscribe(BusFixture *f, gconstpointer data)
{
    Listener a = {f, "a"}, b = {f, "b"}, c = {f, "c"};
    CavEvent e1 = waited(1), e2 = waited(2);
    guint sa = bus_subscribe_all(f->bus, on_log, &a);
    guint sb = bus_subscribe_all(f->bus, on_log, &b);

    bus_subscribe_all(f->bus, on_log, &c);
    bus_unsubscribe(f->bus, sa);
    bus_publish(f->bus, &e1);
    /* b removes c while e2 is being dispatched: c must not see e2. */
    f->unsubscribe_me = sb + 1;
    bus_publish(f->bus, &e2);
    g_assert_cmpstr(f->log->str, ==, "b:w1 c:w1 b:w2");
    bus_unsubscribe(f->bus, 9999); /* unknown ids are ignored */
}

static void test_bus_publish_during_dispatch(BusFixture *f, gconstpointer data)
{
    Listener a = {f, "a"}, b = {f, "b"};
    CavEvent e1 = waited(1);

    bus_subscribe_all(f->bus, on_log, &a);
    bus_subscribe_all(f->bus, on_log, &b);
    f->publish_follow = TRUE;
    bus_publish(f->bus, &e1);
    /* a publishes w2 while handling w1; b still sees w1 before w2. */
    g_assert_cmpstr(f->log->str, ==, "a:w1 b:w1 a:w2 b:w2");
}

static void on_subscribe_late(const CavEvent *event, gpointer user_data)
{
    Listener *l = user_data;
    static Listener late;

    late = (Listener){l->fixture, "late"};
    on_log(event, l);
    if (event->as.CreatureWaited.creature == 1)
        bus_subscribe_all(l->fixture->bus, on_log, &late);
}

static void test_bus_subscribe_during_dispatch(BusFixture *f, gconstpointer data)
{
    Listener a = {f, "a"};
    CavEvent e1 = waited(1), e2 = waited(2);

    bus_subscribe_all(f->bus, on_subscribe_late, &a);
    bus_publish(f->bus, &e1);
    bus_publish(f->bus, &e2);
    g_assert_cmpstr(f->log->str, ==, "a:w1 a:w2 late:w2");
}

/* Every type's Target is one of its entity fields or none, and ev_target
 * reads that field: with every entity field holding a different id, the
 * target's id says which field was read. GameWon and GameLost alone hide
 * the envelope's actor. */
static void test_target_roles(void)
{
    for (guint type = 0; type < CAV_EVENT_TYPE_COUNT; type++) {
        CavEvent e = ev_init((CavEventType) type);
        const char *want = ev_type_target_field((CavEventType) type);
        const CavFieldInfo *fields;
        guint n = ev_type_fields((CavEventType) type, &fields);
        gint32 want_id = 0;
        CavRef got;

        for (guint i = 0; i < n; i++) {
            if (fields[i].kind != CAV_FIELD_I32 ||
                ev_field_ref_kind(fields[i].name) == CAV_REF_NONE)
                continue;
            *(gint32 *) ((guint8 *) &e.as + fields[i].offset) = (gint32) (10 + i);
            if (want != NULL && strcmp(fields[i].name, want) == 0)
                want_id = (gint32) (10 + i);
        }
        g_assert_true(want == NULL || want_id != 0); /* the field exists and names an entity */
        got = ev_target(&e);
        g_assert_cmpint(got.id, ==, want_id);
        g_assert_true(got.kind == (want != NULL ? ev_field_ref_kind(want) : CAV_REF_NONE));
    }
    /* A spell is cast on its target, not on the book. */
    g_assert_cmpstr(ev_type_target_field(CAV_EVENT_SPELL_CAST), ==, "target");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/events/catalog/names", test_catalog_names);
    g_test_add_func("/events/codec/round-trip", test_codec_round_trip);
    g_test_add_func("/events/codec/envelope", test_codec_envelope);
    g_test_add_func("/events/codec/rejects", test_codec_rejects);
    g_test_add_func("/events/codec/text-limits", test_codec_text_limits);
    g_test_add_func("/events/codec/plain-round-trip", test_codec_plain_round_trip);
    g_test_add_func("/events/codec/near-canonical", test_codec_near_canonical);
    g_test_add_func("/events/codec/text-forms", test_codec_text_forms);
    g_test_add_func("/events/codec/versions", test_codec_versions);
    g_test_add_func("/events/codec/upcast", test_codec_upcast);
    g_test_add_func("/events/codec/upcast-renamed", test_codec_upcast_renamed);
    g_test_add_func("/events/text/cut-at-characters", test_text_cut_at_characters);
    g_test_add_func("/events/target-roles", test_target_roles);
    g_test_add_func("/events/summary-optional", test_summary_optional);
    g_test_add_func("/events/summary-depths", test_summary_depths);
    g_test_add_func("/events/summary", test_summary);
    g_test_add_func("/events/summary-game-end", test_summary_game_end);
    g_test_add_func("/events/sql/views", test_sql_views);
    g_test_add_func("/events/sql/view-honest", test_sql_view_honest);
    g_test_add("/events/bus/order", BusFixture, NULL, bus_setup, test_bus_order, bus_teardown);
    g_test_add("/events/bus/filters", BusFixture, NULL, bus_setup, test_bus_filters, bus_teardown);
    g_test_add("/events/bus/unsubscribe", BusFixture, NULL, bus_setup, test_bus_unsubscribe,
               bus_teardown);
    g_test_add("/events/bus/publish-during-dispatch", BusFixture, NULL, bus_setup,
               test_bus_publish_during_dispatch, bus_teardown);
    g_test_add("/events/bus/subscribe-during-dispatch", BusFixture, NULL, bus_setup,
               test_bus_subscribe_during_dispatch, bus_teardown);
    return g_test_run();
}
