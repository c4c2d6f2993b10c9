/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-inspector-map.c — the inspector's map widget and widget rendering, on
 * a real display (run under xvfb-run): a bot game is played in memory, its
 * map shown in a window, the window rendered to a texture and its pixels
 * checked (the player in their colour, unseen cells blank unless showing the
 * truth, remembered cells dimmed), then the cell geometry, clicks, the
 * selection box, the properties and saving PNG files. Set CAVELOG_TEST_SHOTS
 * to a folder to keep pictures of the map in both modes there. */
#include <gtk/gtk.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "bot.h"
#include "cav-map-view.h"
#include "cav-render.h"
#include "game.h"
#include "testfonts.h"

/* A game whose player, after TURNS bot turns, has walked away from cells
 * they saw (so some are only remembered) and not seen most of the level. */
#define SEED 7
#define TURNS 60

#define FAR_CELLS 20        /* "far from the player": at least this many cells away */
#define PAINT_TIMEOUT_S 90  /* longest wait for a frame (generous: CI runs suites side by side) */
#define COLOUR_TOLERANCE 20 /* of 255, per channel, for "pixels of the player's colour" */

/* ---- fixture: a game and a window showing its map -------------------------- */

typedef struct {
    int width, height; /* the window's default size; 0 for the map's natural size */
} WindowSize;

static const WindowSize natural_size = {.width = 0, .height = 0};
static const WindowSize big_size = {.width = 1200, .height = 800};
static const WindowSize wide_size = {.width = 1200, .height = 500};

typedef struct {
    Game *game;
    const CavState *state;
    const CavView *view;
    const CavCreature *player;
    GtkWidget *window;
    CavMapView *map;
} MapFixture;

static gboolean on_timeout(gpointer data)
{
    *(gboolean *) data = TRUE;
    return G_SOURCE_REMOVE;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data)
{
    *(gboolean *) data = TRUE;
}

/* Iterate the main context until @widget is mapped and its window has
 * painted a frame since this call (so a change made before is on screen). */
static void wait_drawn(GtkWidget *widget)
{
    gboolean painted = FALSE, timed_out = FALSE;
    guint timeout = g_timeout_add_seconds(PAINT_TIMEOUT_S, on_timeout, &timed_out);
    GdkFrameClock *clock;
    gulong handler;

    g_assert_true(gtk_widget_get_realized(widget));
    clock = gtk_widget_get_frame_clock(widget);
    g_assert_nonnull(clock);
    handler = g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), &painted);
    gtk_widget_queue_draw(widget);
    while (!(painted && gtk_widget_get_mapped(widget)) && !timed_out) {
        if (painted) { /* a frame before the widget was mapped: wait for another */
            painted = FALSE;
            gtk_widget_queue_draw(widget);
        }
        g_main_context_iteration(NULL, TRUE);
    }
    g_signal_handler_disconnect(clock, handler);
    if (timed_out)
        g_error("the window was not drawn within %d s", PAINT_TIMEOUT_S);
    g_source_remove(timeout);
}

static void play_game(MapFixture *f)
{
    f->game = game_new(NULL);
    game_start(f->game, SEED, "inspector");
    f->state = game_state(f->game);
    f->view = game_view(f->game);
    for (int turn = 0; turn < TURNS && f->state->outcome == OUTCOME_PLAYING; turn++) {
        CavCommand command = bot_choose(f->state, game_content(f->game), f->view);
        g_autofree char *why = NULL;

        if (!game_play(f->game, &command, &why))
            g_error("turn %d: the bot's command was refused: %s", turn, why);
    }
    f->player = state_player(f->state);
    g_assert_nonnull(f->player);
    g_assert_true(f->player->alive);
}

static void fixture_setup(MapFixture *f, gconstpointer data)
{
    const WindowSize *size = data;

    play_game(f);
    f->window = gtk_window_new();
    f->map = CAV_MAP_VIEW(cav_map_view_new());
    gtk_window_set_child(GTK_WINDOW(f->window), GTK_WIDGET(f->map));
    if (size->width > 0)
        gtk_window_set_default_size(GTK_WINDOW(f->window), size->width, size->height);
    cav_map_view_set_state(f->map, f->state, f->view);
    cav_map_view_set_level(f->map, f->player->z);
    gtk_window_present(GTK_WINDOW(f->window));
    wait_drawn(GTK_WIDGET(f->map));
}

static void fixture_teardown(MapFixture *f, gconstpointer data)
{
    gtk_window_destroy(GTK_WINDOW(f->window));
    game_free(f->game);
}

/* ---- pixels ------------------------------------------------------------------ */

typedef struct {
    int width, height, scale;
    guint32 *data; /* 0xAARRGGBB, premultiplied (the map is opaque) */
} Pixels;

typedef struct {
    int red, green, blue; /* 0 … 255 */
} Rgb;

static Pixels render_map(MapFixture *f)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GdkTexture) texture = cav_render_widget(GTK_WIDGET(f->map), &error);
    Pixels pixels;

    g_assert_no_error(error);
    g_assert_nonnull(texture);
    pixels.width = gdk_texture_get_width(texture);
    pixels.height = gdk_texture_get_height(texture);
    pixels.scale = gtk_widget_get_scale_factor(GTK_WIDGET(f->map));
    g_assert_cmpint(pixels.width, ==, gtk_widget_get_width(GTK_WIDGET(f->map)) * pixels.scale);
    g_assert_cmpint(pixels.height, ==, gtk_widget_get_height(GTK_WIDGET(f->map)) * pixels.scale);
    pixels.data = g_new(guint32, (gsize) pixels.width * pixels.height);
    gdk_texture_download(texture, (guchar *) pixels.data, (gsize) pixels.width * 4);
    return pixels;
}

static void pixels_clear(Pixels *pixels)
{
    g_clear_pointer(&pixels->data, g_free);
}

static Rgb rgb_of(const GdkRGBA *colour)
{
    return (Rgb){.red = (int) lround(colour->red * 255),
                 .green = (int) lround(colour->green * 255),
                 .blue = (int) lround(colour->blue * 255)};
}

static Rgb pixel_at(const Pixels *pixels, int x, int y)
{
    guint32 p = pixels->data[(gsize) y * pixels->width + x];

    return (Rgb){.red = (p >> 16) & 0xff, .green = (p >> 8) & 0xff, .blue = p & 0xff};
}

static int rgb_distance(Rgb a, Rgb b)
{
    return MAX(ABS(a.red - b.red), MAX(ABS(a.green - b.green), ABS(a.blue - b.blue)));
}

/* What the pixels wholly inside cell (@x, @y) hold, compared with @colour. */
typedef struct {
    int count;    /* pixels looked at */
    int near;     /* within COLOUR_TOLERANCE of the colour */
    int farthest; /* the largest distance from it */
    gint64 ink;   /* sum over the pixels of how much brighter than it they are */
} CellStats;

static CellStats cell_stats(MapFixture *f, const Pixels *pixels, int x, int y,
                            const GdkRGBA *colour)
{
    graphene_rect_t rect;
    CellStats stats = {0};
    Rgb want = rgb_of(colour);
    int left, top, right, bottom;

    cav_map_view_cell_rect(f->map, x, y, &rect);
    left = (int) ceil(rect.origin.x * pixels->scale);
    top = (int) ceil(rect.origin.y * pixels->scale);
    right = (int) floor((rect.origin.x + rect.size.width) * pixels->scale);
    bottom = (int) floor((rect.origin.y + rect.size.height) * pixels->scale);
    g_assert_cmpint(left, >=, 0);
    g_assert_cmpint(top, >=, 0);
    g_assert_cmpint(right, <=, pixels->width);
    g_assert_cmpint(bottom, <=, pixels->height);
    for (int py = top; py < bottom; py++) {
        for (int px = left; px < right; px++) {
            Rgb got = pixel_at(pixels, px, py);
            int distance = rgb_distance(got, want);

            stats.count++;
            stats.near += distance <= COLOUR_TOLERANCE;
            stats.farthest = MAX(stats.farthest, distance);
            stats.ink += MAX(0, got.red + got.green + got.blue - want.red - want.green - want.blue);
        }
    }
    g_assert_cmpint(stats.count, >, 0);
    return stats;
}

static CellStats cell_against_background(MapFixture *f, const Pixels *pixels, int x, int y)
{
    GdkRGBA background;

    cav_map_background(&background);
    return cell_stats(f, pixels, x, y, &background);
}

/* Show the truth (or not) and wait until it is on screen. */
static void show_truth(MapFixture *f, gboolean truth)
{
    cav_map_view_set_truth(f->map, truth);
    wait_drawn(GTK_WIDGET(f->map));
}

/* ---- finding cells ------------------------------------------------------------ */

static gboolean never_seen_around(const MapFixture *f, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (view_remembers(f->view, f->player->z, x + dx, y + dy))
                return FALSE;
    return TRUE;
}

/* A floor cell of the player's level, far from them, that the player never
 * saw, nor any cell next to it. */
static gboolean find_unseen_floor(const MapFixture *f, int *out_x, int *out_y)
{
    for (int y = 1; y < CAV_HEIGHT - 1; y++) {
        for (int x = 1; x < CAV_WIDTH - 1; x++) {
            int distance = MAX(ABS(x - f->player->x), ABS(y - f->player->y));

            if (state_tile(f->state, f->player->z, x, y) != TILE_FLOOR || distance < FAR_CELLS ||
                !never_seen_around(f, x, y))
                continue;
            *out_x = x;
            *out_y = y;
            return TRUE;
        }
    }
    return FALSE;
}

/* A wall cell of the player's level that the player remembers but does not
 * see now (@seen FALSE), or sees now (@seen TRUE). */
/* Whether no creature or item stands on a cell next to (x, y): their
 * glyphs may reach into a neighbour's pixels, and they are drawn
 * differently in the two views. */
static gboolean quiet_around(const MapFixture *f, gint32 z, int x, int y)
{
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (state_creature_at(f->state, z, x + dx, y + dy) != NULL ||
                state_item_at(f->state, z, x + dx, y + dy) != NULL)
                return FALSE;
    return TRUE;
}

static gboolean find_wall(const MapFixture *f, gboolean seen, int *out_x, int *out_y)
{
    gint32 z = f->player->z;

    for (int y = 0; y < CAV_HEIGHT; y++) {
        for (int x = 0; x < CAV_WIDTH; x++) {
            if (state_tile(f->state, z, x, y) != TILE_WALL || !view_remembers(f->view, z, x, y) ||
                view_sees(f->view, z, x, y) != seen || !quiet_around(f, z, x, y))
                continue;
            *out_x = x;
            *out_y = y;
            return TRUE;
        }
    }
    return FALSE;
}

/* Keep pictures of the window in CAVELOG_TEST_SHOTS, when set. */
static void keep_picture(MapFixture *f, const char *name)
{
    const char *folder = g_getenv("CAVELOG_TEST_SHOTS");
    g_autofree char *path = NULL;
    g_autoptr(GError) error = NULL;

    if (folder == NULL || folder[0] == '\0')
        return;
    path = g_build_filename(folder, name, NULL);
    cav_render_widget_png(f->window, path, &error);
    g_assert_no_error(error);
    g_test_message("saved %s", path);
}

/* ---- tests: pixels -------------------------------------------------------------- */

static void test_player(MapFixture *f, gconstpointer data)
{
    GdkRGBA colour, background;
    Pixels pixels;
    CellStats player, empty;
    int x, y;

    g_assert_true(cav_map_colour(f->player->colour, &colour));
    cav_map_background(&background);
    g_assert_cmpint(rgb_distance(rgb_of(&colour), rgb_of(&background)), >, 3 * COLOUR_TOLERANCE);
    pixels = render_map(f);
    player = cell_stats(f, &pixels, f->player->x, f->player->y, &colour);
    g_assert_cmpint(player.near, >=, 3);
    /* ...and those pixels are the player's doing, not found anywhere blank. */
    g_assert_true(find_unseen_floor(f, &x, &y));
    empty = cell_stats(f, &pixels, x, y, &colour);
    g_assert_cmpint(empty.near, ==, 0);
    pixels_clear(&pixels);
}

static void test_unseen(MapFixture *f, gconstpointer data)
{
    Pixels view_pixels, truth_pixels;
    CellStats in_view, in_truth;
    int x, y;

    g_assert_true(find_unseen_floor(f, &x, &y));
    view_pixels = render_map(f);
    in_view = cell_against_background(f, &view_pixels, x, y);
    g_assert_cmpint(in_view.farthest, ==, 0);
    keep_picture(f, "map-view.png");

    show_truth(f, TRUE);
    truth_pixels = render_map(f);
    in_truth = cell_against_background(f, &truth_pixels, x, y);
    g_assert_cmpint(in_truth.farthest, >, 3 * COLOUR_TOLERANCE);
    keep_picture(f, "map-truth.png");
    pixels_clear(&view_pixels);
    pixels_clear(&truth_pixels);
}

static void test_remembered(MapFixture *f, gconstpointer data)
{
    Pixels view_pixels, truth_pixels;
    CellStats in_view, in_truth;
    int x, y;

    g_assert_true(find_wall(f, FALSE, &x, &y));
    view_pixels = render_map(f);
    in_view = cell_against_background(f, &view_pixels, x, y);
    show_truth(f, TRUE);
    truth_pixels = render_map(f);
    in_truth = cell_against_background(f, &truth_pixels, x, y);
    g_test_message("remembered wall (%d,%d): ink %" G_GINT64_FORMAT " in view, %" G_GINT64_FORMAT
                   " in truth",
                   x, y, in_view.ink, in_truth.ink);
    g_assert_cmpint(in_view.ink, >, 0);                    /* drawn... */
    g_assert_cmpint(in_view.ink * 3, <, in_truth.ink * 2); /* ...but dimmer */
    g_assert_cmpint(in_view.farthest, <, in_truth.farthest);
    pixels_clear(&view_pixels);
    pixels_clear(&truth_pixels);
}

static void test_visible(MapFixture *f, gconstpointer data)
{
    Pixels view_pixels, truth_pixels;
    CellStats in_view, in_truth;
    int x, y;

    g_assert_true(find_wall(f, TRUE, &x, &y));
    view_pixels = render_map(f);
    in_view = cell_against_background(f, &view_pixels, x, y);
    show_truth(f, TRUE);
    truth_pixels = render_map(f);
    in_truth = cell_against_background(f, &truth_pixels, x, y);
    g_assert_cmpint(in_view.ink, >, 0);
    /* As bright as the truth (a remembered cell has at most two thirds of
     * its ink). Not to the pixel: a glyph's sub-pixel place depends on the
     * run of same-coloured glyphs it is drawn in, and the truth shows more. */
    g_assert_cmpint(ABS(in_view.ink - in_truth.ink) * 20, <=, in_truth.ink);
    pixels_clear(&view_pixels);
    pixels_clear(&truth_pixels);
}

static void test_selection(MapFixture *f, gconstpointer data)
{
    Pixels pixels;
    int x, y, got_x = -1, got_y = -1;

    g_assert_true(find_unseen_floor(f, &x, &y));
    g_assert_false(cav_map_view_get_selected(f->map, NULL, NULL));
    cav_map_view_set_selected(f->map, TRUE, x, y);
    g_assert_true(cav_map_view_get_selected(f->map, &got_x, &got_y));
    g_assert_cmpint(got_x, ==, x);
    g_assert_cmpint(got_y, ==, y);
    wait_drawn(GTK_WIDGET(f->map));
    pixels = render_map(f);
    g_assert_cmpint(cell_against_background(f, &pixels, x, y).farthest, >, COLOUR_TOLERANCE);
    pixels_clear(&pixels);

    cav_map_view_set_selected(f->map, FALSE, 0, 0);
    g_assert_false(cav_map_view_get_selected(f->map, NULL, NULL));
    wait_drawn(GTK_WIDGET(f->map));
    pixels = render_map(f);
    g_assert_cmpint(cell_against_background(f, &pixels, x, y).farthest, ==, 0);
    pixels_clear(&pixels);
}

/* Without a state (or, in the player's view, without a view) only the
 * background is drawn. */
static void test_nothing(MapFixture *f, gconstpointer data)
{
    Pixels pixels;

    cav_map_view_set_state(f->map, f->state, NULL);
    wait_drawn(GTK_WIDGET(f->map));
    pixels = render_map(f);
    g_assert_cmpint(cell_against_background(f, &pixels, f->player->x, f->player->y).farthest, ==,
                    0);
    pixels_clear(&pixels);

    show_truth(f, TRUE);
    pixels = render_map(f);
    g_assert_cmpint(cell_against_background(f, &pixels, f->player->x, f->player->y).farthest, >, 0);
    pixels_clear(&pixels);

    cav_map_view_set_state(f->map, NULL, NULL);
    wait_drawn(GTK_WIDGET(f->map));
    pixels = render_map(f);
    g_assert_cmpint(cell_against_background(f, &pixels, f->player->x, f->player->y).farthest, ==,
                    0);
    pixels_clear(&pixels);
}

/* ---- tests: geometry and clicks --------------------------------------------------- */

static void test_natural_size(MapFixture *f, gconstpointer data)
{
    GtkWidget *map = GTK_WIDGET(f->map);
    graphene_rect_t first, last;
    int natural_width, natural_height;

    gtk_widget_measure(map, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width, NULL, NULL);
    gtk_widget_measure(map, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural_height, NULL, NULL);
    g_assert_cmpint(natural_width % CAV_WIDTH, ==, 0);
    g_assert_cmpint(natural_height % CAV_HEIGHT, ==, 0);
    /* A cell of a readable font: taller than wide, at least 6 pixels wide. */
    g_assert_cmpint(natural_width / CAV_WIDTH, >=, 6);
    g_assert_cmpint(natural_height / CAV_HEIGHT, >, natural_width / CAV_WIDTH);
    g_assert_cmpint(gtk_widget_get_width(map), ==, natural_width);
    g_assert_cmpint(gtk_widget_get_height(map), ==, natural_height);
    cav_map_view_cell_rect(f->map, 0, 0, &first);
    cav_map_view_cell_rect(f->map, CAV_WIDTH - 1, CAV_HEIGHT - 1, &last);
    g_assert_cmpfloat(first.origin.x, ==, 0);
    g_assert_cmpfloat(first.origin.y, ==, 0);
    g_assert_cmpfloat(first.size.width, ==, natural_width / CAV_WIDTH);
    g_assert_cmpfloat(first.size.height, ==, natural_height / CAV_HEIGHT);
    g_assert_cmpfloat_with_epsilon(last.origin.x + last.size.width, natural_width, 1e-3);
    g_assert_cmpfloat_with_epsilon(last.origin.y + last.size.height, natural_height, 1e-3);
    keep_picture(f, "map-natural.png");
}

static void assert_cell_at(MapFixture *f, double px, double py, int want_x, int want_y)
{
    int x = -1, y = -1;

    if (!cav_map_view_cell_at(f->map, px, py, &x, &y))
        g_error("no cell at (%g, %g); want (%d, %d)", px, py, want_x, want_y);
    g_assert_cmpint(x, ==, want_x);
    g_assert_cmpint(y, ==, want_y);
}

/* Margins of a map centred on whole pixels: the left one is half the spare
 * width rounded down, so the right one is as wide or up to (not including) 2
 * pixels wider, whatever the cell size (and so the font) makes the spare. */
static void assert_centred(double left, double right)
{
    g_assert_cmpfloat(right - left, >, -1e-3);
    g_assert_cmpfloat(right - left, <, 2);
    g_assert_cmpfloat_with_epsilon(left, floor(left), 1e-3);
}

static void test_geometry(MapFixture *f, gconstpointer data)
{
    static const int cells[][2] = {
        {0, 0},
        {CAV_WIDTH - 1, 0},
        {0, CAV_HEIGHT - 1},
        {CAV_WIDTH - 1, CAV_HEIGHT - 1},
        {1, 1},
        {CAV_WIDTH / 2, CAV_HEIGHT / 2},
        {37, 11},
    };
    int width = gtk_widget_get_width(GTK_WIDGET(f->map));
    int height = gtk_widget_get_height(GTK_WIDGET(f->map));
    graphene_rect_t first, last;
    int natural_width, natural_height;
    int x = -1, y = -1;

    for (gsize i = 0; i < G_N_ELEMENTS(cells); i++) {
        graphene_rect_t rect;
        float inset = 0.01f;

        cav_map_view_cell_rect(f->map, cells[i][0], cells[i][1], &rect);
        assert_cell_at(f, rect.origin.x + rect.size.width / 2, rect.origin.y + rect.size.height / 2,
                       cells[i][0], cells[i][1]);
        assert_cell_at(f, rect.origin.x + inset, rect.origin.y + inset, cells[i][0], cells[i][1]);
        assert_cell_at(f, rect.origin.x + rect.size.width - inset,
                       rect.origin.y + rect.size.height - inset, cells[i][0], cells[i][1]);
    }
    /* Scaled to fit the wide window: full height, centred, margins either side. */
    cav_map_view_cell_rect(f->map, 0, 0, &first);
    cav_map_view_cell_rect(f->map, CAV_WIDTH - 1, CAV_HEIGHT - 1, &last);
    g_assert_cmpfloat(first.origin.y, <, 1);
    g_assert_cmpfloat(last.origin.y + last.size.height, >, height - 1);
    g_assert_cmpfloat(first.origin.x, >, 10);
    assert_centred(first.origin.x, width - (last.origin.x + last.size.width));
    /* ...and cells keep their natural shape. */
    gtk_widget_measure(GTK_WIDGET(f->map), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_width,
                       NULL, NULL);
    gtk_widget_measure(GTK_WIDGET(f->map), GTK_ORIENTATION_VERTICAL, -1, NULL, &natural_height,
                       NULL, NULL);
    g_assert_cmpfloat_with_epsilon(
        first.size.width / first.size.height,
        ((double) natural_width / CAV_WIDTH) / ((double) natural_height / CAV_HEIGHT), 1e-4);
    g_assert_false(cav_map_view_cell_at(f->map, first.origin.x - 1, height / 2.0, &x, &y));
    g_assert_false(
        cav_map_view_cell_at(f->map, last.origin.x + last.size.width + 1, height / 2.0, &x, &y));
    g_assert_false(cav_map_view_cell_at(f->map, -1, -1, &x, &y));
    g_assert_false(cav_map_view_cell_at(f->map, width / 2.0, height + 1, &x, &y));
    g_assert_cmpint(x, ==, -1); /* untouched */
    g_assert_cmpint(y, ==, -1);
}

static void on_cell_clicked(CavMapView *map, int x, int y, gpointer data)
{
    GArray *clicks = data;
    int cell[2] = {x, y};

    g_array_append_vals(clicks, cell, 2);
}

static GtkGesture *find_click_gesture(MapFixture *f)
{
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers(GTK_WIDGET(f->map));
    GtkGesture *found = NULL;

    for (guint i = 0; i < g_list_model_get_n_items(controllers); i++) {
        g_autoptr(GObject) controller = g_list_model_get_item(controllers, i);

        if (GTK_IS_GESTURE_CLICK(controller))
            found = GTK_GESTURE(controller);
    }
    g_assert_nonnull(found);
    return found;
}

static void test_click(MapFixture *f, gconstpointer data)
{
    static const int cells[][2] = {{0, 0}, {CAV_WIDTH - 1, CAV_HEIGHT - 1}, {12, 7}};
    GtkGesture *click = find_click_gesture(f);
    g_autoptr(GArray) clicks = g_array_new(FALSE, FALSE, sizeof(int));
    graphene_rect_t first;

    g_assert_cmpuint(gtk_gesture_single_get_button(GTK_GESTURE_SINGLE(click)), ==,
                     GDK_BUTTON_PRIMARY);
    g_signal_connect(f->map, "cell-clicked", G_CALLBACK(on_cell_clicked), clicks);
    for (gsize i = 0; i < G_N_ELEMENTS(cells); i++) {
        graphene_rect_t rect;

        cav_map_view_cell_rect(f->map, cells[i][0], cells[i][1], &rect);
        g_signal_emit_by_name(click, "pressed", 1, (double) rect.origin.x + rect.size.width / 2,
                              (double) rect.origin.y + rect.size.height / 2);
        g_assert_cmpuint(clicks->len, ==, 2 * (i + 1));
        g_assert_cmpint(g_array_index(clicks, int, 2 * i), ==, cells[i][0]);
        g_assert_cmpint(g_array_index(clicks, int, 2 * i + 1), ==, cells[i][1]);
    }
    /* A click in the margin beside the map is on no cell. */
    cav_map_view_cell_rect(f->map, 0, 0, &first);
    g_assert_cmpfloat(first.origin.x, >, 2);
    g_signal_emit_by_name(click, "pressed", 1, (double) first.origin.x / 2,
                          (double) first.origin.y + 1);
    g_assert_cmpuint(clicks->len, ==, 2 * G_N_ELEMENTS(cells));
}

/* ---- tests: properties and colours ------------------------------------------------- */

static void on_notify(GObject *object, GParamSpec *pspec, gpointer data)
{
    GString *log = data;

    g_string_append_printf(log, "%s ", pspec->name);
}

static void test_properties(void)
{
    GtkWidget *widget = g_object_ref_sink(cav_map_view_new());
    CavMapView *map = CAV_MAP_VIEW(widget);
    g_autoptr(GString) log = g_string_new(NULL);
    gboolean truth = FALSE;
    int level = -1;

    g_assert_cmpint(cav_map_view_get_level(map), ==, 0);
    g_assert_false(cav_map_view_get_truth(map));
    g_signal_connect(map, "notify", G_CALLBACK(on_notify), log);
    cav_map_view_set_level(map, 2);
    cav_map_view_set_level(map, 2);
    cav_map_view_set_truth(map, TRUE);
    cav_map_view_set_truth(map, TRUE);
    g_object_set(map, "level", CAV_LEVELS - 1, NULL);
    g_object_set(map, "truth", FALSE, NULL);
    g_object_get(map, "level", &level, "truth", &truth, NULL);
    g_assert_cmpstr(log->str, ==, "level truth level truth ");
    g_assert_cmpint(level, ==, CAV_LEVELS - 1);
    g_assert_false(truth);
    g_object_unref(widget);
}

static void test_colours(void)
{
    static const char *const names[] = {"black", "red",     "green", "yellow",
                                        "blue",  "magenta", "cyan",  "white"};
    GdkRGBA seen[2 * G_N_ELEMENTS(names)], background, grey, colour;

    cav_map_background(&background);
    for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
        g_autofree char *bright = g_strconcat("bright ", names[i], NULL);

        g_assert_true(cav_map_colour(names[i], &seen[2 * i]));
        g_assert_true(cav_map_colour(bright, &seen[2 * i + 1]));
    }
    for (gsize i = 0; i < G_N_ELEMENTS(seen); i++) {
        g_assert_cmpfloat(seen[i].alpha, ==, 1);
        /* Every colour shows on the background, and each is its own. */
        g_assert_cmpint(rgb_distance(rgb_of(&seen[i]), rgb_of(&background)), >, 40);
        for (gsize j = 0; j < i; j++)
            g_assert_false(gdk_rgba_equal(&seen[i], &seen[j]));
    }
    g_assert_false(cav_map_colour("purple", &grey));
    g_assert_cmpfloat(grey.red, ==, grey.green);
    g_assert_cmpfloat(grey.green, ==, grey.blue);
    g_assert_false(cav_map_colour("bright ", &colour));
    g_assert_true(gdk_rgba_equal(&colour, &grey));
    g_assert_false(cav_map_colour("Red", &colour));
    g_assert_false(cav_map_colour(NULL, &colour));
    g_assert_true(gdk_rgba_equal(&colour, &grey));
}

/* ---- tests: rendering ----------------------------------------------------------------- */

static void test_png(MapFixture *f, gconstpointer data)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = g_dir_make_tmp("cavelog-map-XXXXXX", &error);
    g_autofree char *path = NULL;
    g_autofree char *bad = NULL;
    g_autoptr(GdkTexture) loaded = NULL;
    int scale = gtk_widget_get_scale_factor(f->window);

    g_assert_no_error(error);
    g_test_message("renderer: %s",
                   G_OBJECT_TYPE_NAME(gtk_native_get_renderer(GTK_NATIVE(f->window))));
    path = g_build_filename(dir, "window.png", NULL);
    g_assert_true(cav_render_widget_png(f->window, path, &error));
    g_assert_no_error(error);
    loaded = gdk_texture_new_from_filename(path, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(loaded), ==, gtk_widget_get_width(f->window) * scale);
    g_assert_cmpint(gdk_texture_get_height(loaded), ==, gtk_widget_get_height(f->window) * scale);
    g_clear_object(&loaded);
    g_assert_cmpint(g_remove(path), ==, 0);

    path = (g_free(path), g_build_filename(dir, "map.png", NULL));
    g_assert_true(cav_render_widget_png(GTK_WIDGET(f->map), path, &error));
    g_assert_no_error(error);
    loaded = gdk_texture_new_from_filename(path, &error);
    g_assert_no_error(error);
    g_assert_cmpint(gdk_texture_get_width(loaded), ==,
                    gtk_widget_get_width(GTK_WIDGET(f->map)) * scale);
    g_assert_cmpint(gdk_texture_get_height(loaded), ==,
                    gtk_widget_get_height(GTK_WIDGET(f->map)) * scale);
    g_assert_cmpint(g_remove(path), ==, 0);

    bad = g_build_filename(dir, "no-such-folder", "map.png", NULL);
    g_assert_false(cav_render_widget_png(GTK_WIDGET(f->map), bad, &error));
    g_assert_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
    g_assert_nonnull(strstr(error->message, bad));
    g_assert_false(g_file_test(bad, G_FILE_TEST_EXISTS));
    g_assert_cmpint(g_rmdir(dir), ==, 0);
}

static void test_unrealized(void)
{
    GtkWidget *map = g_object_ref_sink(cav_map_view_new());
    g_autoptr(GError) error = NULL;

    g_assert_null(cav_render_widget(map, &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
    g_clear_error(&error);
    g_assert_false(cav_render_widget_png(map, "/tmp/never-written.png", &error));
    g_assert_error(error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED);
    g_object_unref(map);
}

#define ADD_MAP_TEST(path, size, func)                                                             \
    g_test_add(path, MapFixture, &size, fixture_setup, func, fixture_teardown)

int main(int argc, char **argv)
{
    /* Cell sizes and glyph pixels follow the font: the same one everywhere. */
    char *fonts = test_fonts_pin();
    int status;

    g_setenv("GDK_BACKEND", "x11", TRUE);
    g_setenv("GTK_A11Y", "none", TRUE);
    gtk_test_init(&argc, &argv, NULL);

    ADD_MAP_TEST("/inspector/map/player", big_size, test_player);
    ADD_MAP_TEST("/inspector/map/unseen", big_size, test_unseen);
    ADD_MAP_TEST("/inspector/map/remembered", big_size, test_remembered);
    ADD_MAP_TEST("/inspector/map/visible", big_size, test_visible);
    ADD_MAP_TEST("/inspector/map/selection", big_size, test_selection);
    ADD_MAP_TEST("/inspector/map/nothing", big_size, test_nothing);
    ADD_MAP_TEST("/inspector/map/natural-size", natural_size, test_natural_size);
    ADD_MAP_TEST("/inspector/map/geometry", wide_size, test_geometry);
    ADD_MAP_TEST("/inspector/map/click", wide_size, test_click);
    g_test_add_func("/inspector/map/properties", test_properties);
    g_test_add_func("/inspector/map/colours", test_colours);
    ADD_MAP_TEST("/inspector/render/png", big_size, test_png);
    g_test_add_func("/inspector/render/unrealized", test_unrealized);
    status = g_test_run();
    test_fonts_unpin(fonts);
    return status;
}
