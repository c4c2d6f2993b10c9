/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-map-view.c — CavMapView: one level of the cave drawn as glyphs, the way
 * the terminal draws it (terrain, then floor items, then living creatures on
 * top). Each frame fills a grid of glyphs and colours, then emits one GSK text
 * node per colour and row, with glyphs shaped once per font and placed on a
 * fixed cell grid; the grid is scaled to fit the allocation, centred. */
#include "cav-map-view.h"

#include <math.h>
#include <string.h>

#include "world.h"

/* The font family of the map; its size is the widget's (CSS) font size. */
#define CAV_MAP_FONT_FAMILY "Monospace"

/* Characters with a cached glyph: ASCII; anything else is drawn as '?'. */
#define CAV_MAP_CHARS 128

/* How much of its colour a remembered (not seen now) cell keeps, the rest
 * being the background's. */
#define CAV_MAP_MEMORY_SHARE 0.4f

#define CAV_MAP_BRIGHT "bright "

#define CAV_RGB(r, g, b)                                                                           \
    {                                                                                              \
        .red = (r) / 255.f, .green = (g) / 255.f, .blue = (b) / 255.f, .alpha = 1.f                \
    }

/* The data files' colour names in a Tango-like terminal palette. Black is
 * drawn dark grey (bright black lighter), as the terminal does, so that it
 * shows on the dark background. */
static const struct {
    const char *name;
    GdkRGBA normal, bright;
} cav_map_palette[] = {
    {.name = "black", .normal = CAV_RGB(0x55, 0x57, 0x53), .bright = CAV_RGB(0x88, 0x8a, 0x85)},
    {.name = "red", .normal = CAV_RGB(0xcc, 0x00, 0x00), .bright = CAV_RGB(0xef, 0x29, 0x29)},
    {.name = "green", .normal = CAV_RGB(0x4e, 0x9a, 0x06), .bright = CAV_RGB(0x8a, 0xe2, 0x34)},
    {.name = "yellow", .normal = CAV_RGB(0xc4, 0xa0, 0x00), .bright = CAV_RGB(0xfc, 0xe9, 0x4f)},
    {.name = "blue", .normal = CAV_RGB(0x34, 0x65, 0xa4), .bright = CAV_RGB(0x72, 0x9f, 0xcf)},
    {.name = "magenta", .normal = CAV_RGB(0x75, 0x50, 0x7b), .bright = CAV_RGB(0xad, 0x7f, 0xa8)},
    {.name = "cyan", .normal = CAV_RGB(0x06, 0x98, 0x9a), .bright = CAV_RGB(0x34, 0xe2, 0xe2)},
    {.name = "white", .normal = CAV_RGB(0xd3, 0xd7, 0xcf), .bright = CAV_RGB(0xee, 0xee, 0xec)},
};

static const GdkRGBA cav_map_unknown_colour = CAV_RGB(0x9a, 0x9a, 0x9a);
static const GdkRGBA cav_map_background_colour = CAV_RGB(0x14, 0x16, 0x18);
static const GdkRGBA cav_map_sight_fill = {0.95f, 0.75f, 0.2f, 0.18f};
static const GdkRGBA cav_map_path_fill = {0.95f, 0.45f, 0.1f, 0.55f};
static const GdkRGBA cav_map_floor_colour = CAV_RGB(0x6a, 0x6e, 0x6a);
static const GdkRGBA cav_map_wall_colour = CAV_RGB(0xa6, 0x7f, 0x59);
static const GdkRGBA cav_map_stairs_colour = CAV_RGB(0x34, 0xe2, 0xe2);
static const GdkRGBA cav_map_selection_colour = CAV_RGB(0xfc, 0xe9, 0x4f);
static const GdkRGBA cav_map_selection_fill = {
    .red = 0xfc / 255.f, .green = 0xe9 / 255.f, .blue = 0x4f / 255.f, .alpha = 0.22f};

/* A character's glyph, shaped once per font. */
typedef struct {
    PangoFont *font; /* owned; NULL when the character has no glyph */
    PangoGlyph glyph;
    int width;              /* advance, in Pango units */
    int x_offset, y_offset; /* from the cell's left edge and baseline, in Pango units */
} CavMapGlyph;

/* One cell of the frame being drawn. */
typedef struct {
    char glyph;     /* '\0' for a blank cell */
    gboolean drawn; /* scratch: already in a text node of this row */
    GdkRGBA colour;
} CavMapCell;

/* Where the map lies in the widget: its top-left corner and the scale of its
 * natural (unscaled) cells. */
typedef struct {
    double x, y, scale;
} CavMapPlacement;

struct _CavMapView {
    GtkWidget parent_instance;

    const CavState *state; /* borrowed, nullable */
    const CavView *view;   /* borrowed, nullable */
    int level;
    gboolean truth;
    gboolean selected;
    int selected_x, selected_y;

    gboolean measured;           /* the font fields below are valid */
    PangoFontDescription *font;  /* the font measured, NULL before */
    int cell_width, cell_height; /* natural cell size, in pixels */
    int baseline;                /* from a cell's top, in Pango units */
    CavMapGlyph glyphs[CAV_MAP_CHARS];

    CavMapCell (*cells)[CAV_WIDTH]; /* [CAV_HEIGHT], owned (too big for an instance) */
    AnalysisDecision *decision;     /* drawn over its depth, owned, nullable */
};

G_DEFINE_FINAL_TYPE(CavMapView, cav_map_view, GTK_TYPE_WIDGET)

enum {
    PROP_0,
    PROP_LEVEL,
    PROP_TRUTH,
    N_PROPS,
};

static GParamSpec *cav_map_view_props[N_PROPS];

enum {
    SIGNAL_CELL_CLICKED,
    N_SIGNALS,
};

static guint cav_map_view_signals[N_SIGNALS];

/* ---- colours ------------------------------------------------------------ */

gboolean cav_map_colour(const char *name, GdkRGBA *out)
{
    gboolean bright;
    const char *base;

    g_return_val_if_fail(out != NULL, FALSE);
    *out = cav_map_unknown_colour;
    if (name == NULL)
        return FALSE;
    bright = g_str_has_prefix(name, CAV_MAP_BRIGHT);
    base = bright ? name + strlen(CAV_MAP_BRIGHT) : name;
    for (gsize i = 0; i < G_N_ELEMENTS(cav_map_palette); i++) {
        if (strcmp(base, cav_map_palette[i].name) == 0) {
            *out = bright ? cav_map_palette[i].bright : cav_map_palette[i].normal;
            return TRUE;
        }
    }
    return FALSE;
}

void cav_map_background(GdkRGBA *out)
{
    g_return_if_fail(out != NULL);
    *out = cav_map_background_colour;
}

static GdkRGBA cav_map_tile_colour(CavTile tile)
{
    switch (tile) {
    case TILE_WALL:
        return cav_map_wall_colour;
    case TILE_STAIRS_DOWN:
    case TILE_STAIRS_UP:
        return cav_map_stairs_colour;
    case TILE_FLOOR:
    case TILE_OUTSIDE:
    default:
        return cav_map_floor_colour;
    }
}

/* @colour faded toward the background, for cells only remembered. */
static GdkRGBA cav_map_dimmed(GdkRGBA colour)
{
    const GdkRGBA *bg = &cav_map_background_colour;
    float keep = CAV_MAP_MEMORY_SHARE;

    return (GdkRGBA){.red = bg->red + (colour.red - bg->red) * keep,
                     .green = bg->green + (colour.green - bg->green) * keep,
                     .blue = bg->blue + (colour.blue - bg->blue) * keep,
                     .alpha = 1.f};
}

/* ---- the font ----------------------------------------------------------- */

static void cav_map_view_forget_font(CavMapView *self)
{
    for (int c = 0; c < CAV_MAP_CHARS; c++)
        g_clear_object(&self->glyphs[c].font);
    g_clear_pointer(&self->font, pango_font_description_free);
    self->measured = FALSE;
}

/* Shape the single character @c with @layout into *@out (font NULL when it
 * has no glyph in any font). */
static void cav_map_view_shape(PangoLayout *layout, char c, CavMapGlyph *out)
{
    PangoLayoutLine *line;
    PangoGlyphItem *run;
    PangoGlyphInfo *info;

    memset(out, 0, sizeof *out);
    pango_layout_set_text(layout, &c, 1);
    line = pango_layout_get_line_readonly(layout, 0);
    if (line == NULL || line->runs == NULL)
        return;
    run = line->runs->data;
    if (run->glyphs->num_glyphs < 1)
        return;
    info = &run->glyphs->glyphs[0];
    if ((info->glyph & PANGO_GLYPH_UNKNOWN_FLAG) != 0 || info->glyph == PANGO_GLYPH_EMPTY)
        return;
    out->font = g_object_ref(run->item->analysis.font);
    out->glyph = info->glyph;
    out->width = info->geometry.width;
    out->x_offset = info->geometry.x_offset;
    out->y_offset = info->geometry.y_offset;
}

static PangoFontDescription *cav_map_view_font_description(CavMapView *self)
{
    PangoContext *context = gtk_widget_get_pango_context(GTK_WIDGET(self));
    const PangoFontDescription *base = pango_context_get_font_description(context);
    PangoFontDescription *font = base != NULL ? pango_font_description_copy(base)
                                              : pango_font_description_from_string("Sans 11");

    pango_font_description_set_family(font, CAV_MAP_FONT_FAMILY);
    return font;
}

/* Shape the printable characters and measure the cell from the font: as wide
 * as the widest glyph, as tall as the font's ascent plus descent, rounded up
 * to whole pixels; each glyph centred in its cell. */
static void cav_map_view_measure_font(CavMapView *self)
{
    PangoContext *context;
    PangoFontDescription *font;
    PangoLayout *layout;
    PangoFontMetrics *metrics;
    int advance = PANGO_SCALE, ascent, descent;

    if (self->measured)
        return;
    context = gtk_widget_get_pango_context(GTK_WIDGET(self));
    font = cav_map_view_font_description(self);
    layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, font);
    for (int c = 0; c < CAV_MAP_CHARS; c++) {
        g_clear_object(&self->glyphs[c].font);
        if (!g_ascii_isgraph((char) c))
            continue;
        cav_map_view_shape(layout, (char) c, &self->glyphs[c]);
        advance = MAX(advance, self->glyphs[c].width);
    }
    metrics = pango_context_get_metrics(context, font, NULL);
    ascent = pango_font_metrics_get_ascent(metrics);
    descent = pango_font_metrics_get_descent(metrics);
    self->cell_width = PANGO_PIXELS_CEIL(advance);
    self->cell_height = MAX(PANGO_PIXELS_CEIL(ascent + descent), 1);
    self->baseline = (self->cell_height * PANGO_SCALE - (ascent + descent)) / 2 + ascent;
    for (int c = 0; c < CAV_MAP_CHARS; c++)
        self->glyphs[c].x_offset += (self->cell_width * PANGO_SCALE - self->glyphs[c].width) / 2;
    self->font = font;
    self->measured = TRUE;
    pango_font_metrics_unref(metrics);
    g_object_unref(layout);
}

static void cav_map_view_font_changed(CavMapView *self)
{
    cav_map_view_forget_font(self);
    gtk_widget_queue_resize(GTK_WIDGET(self));
}

/* ---- geometry ----------------------------------------------------------- */

/* The whole map scaled to fit the allocation keeping its aspect ratio,
 * centred; at natural size (or before allocation) unscaled at the origin. */
static CavMapPlacement cav_map_view_placement(CavMapView *self)
{
    CavMapPlacement place = {.x = 0, .y = 0, .scale = 1};
    int width = gtk_widget_get_width(GTK_WIDGET(self));
    int height = gtk_widget_get_height(GTK_WIDGET(self));
    double natural_width, natural_height;

    cav_map_view_measure_font(self);
    if (width <= 0 || height <= 0)
        return place;
    natural_width = (double) CAV_WIDTH * self->cell_width;
    natural_height = (double) CAV_HEIGHT * self->cell_height;
    place.scale = MIN(width / natural_width, height / natural_height);
    place.x = floor((width - natural_width * place.scale) / 2);
    place.y = floor((height - natural_height * place.scale) / 2);
    return place;
}

gboolean cav_map_view_cell_at(CavMapView *self, double px, double py, int *x, int *y)
{
    CavMapPlacement place;
    double col, row;

    g_return_val_if_fail(CAV_IS_MAP_VIEW(self), FALSE);
    place = cav_map_view_placement(self);
    col = floor((px - place.x) / (self->cell_width * place.scale));
    row = floor((py - place.y) / (self->cell_height * place.scale));
    if (!(col >= 0 && col < CAV_WIDTH && row >= 0 && row < CAV_HEIGHT))
        return FALSE;
    if (x != NULL)
        *x = (int) col;
    if (y != NULL)
        *y = (int) row;
    return TRUE;
}

void cav_map_view_cell_rect(CavMapView *self, int x, int y, graphene_rect_t *out)
{
    CavMapPlacement place;
    float width, height;

    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    g_return_if_fail(world_in_bounds(x, y));
    g_return_if_fail(out != NULL);
    place = cav_map_view_placement(self);
    width = (float) (self->cell_width * place.scale);
    height = (float) (self->cell_height * place.scale);
    graphene_rect_init(out, (float) place.x + x * width, (float) place.y + y * height, width,
                       height);
}

/* ---- filling the grid --------------------------------------------------- */

static void cav_map_view_put(CavMapView *self, int x, int y, char glyph, const GdkRGBA *colour)
{
    if (!world_in_bounds(x, y))
        return;
    self->cells[y][x].glyph = g_ascii_isgraph(glyph) ? glyph : '?';
    self->cells[y][x].colour = *colour;
}

/* The thing drawn in the colour the data files name @name. */
static void cav_map_view_put_named(CavMapView *self, int x, int y, char glyph, const char *name)
{
    GdkRGBA colour;

    cav_map_colour(name, &colour);
    cav_map_view_put(self, x, y, glyph, &colour);
}

static gboolean cav_map_view_sees(CavMapView *self, int x, int y)
{
    return self->truth || view_sees(self->view, self->level, x, y);
}

static void cav_map_view_fill_terrain(CavMapView *self)
{
    for (int y = 0; y < CAV_HEIGHT; y++) {
        for (int x = 0; x < CAV_WIDTH; x++) {
            CavTile tile = state_tile(self->state, self->level, x, y);
            GdkRGBA colour = cav_map_tile_colour(tile);

            if (tile == TILE_OUTSIDE)
                continue;
            if (cav_map_view_sees(self, x, y)) {
                cav_map_view_put(self, x, y, world_tile_glyph(tile), &colour);
            } else if (view_remembers(self->view, self->level, x, y)) {
                GdkRGBA dimmed = cav_map_dimmed(colour);
                cav_map_view_put(self, x, y, world_tile_glyph(tile), &dimmed);
            }
        }
    }
}

/* Through the player's eyes: the items last seen on remembered cells out
 * of view, dimmed, as the player remembers them. */
static void cav_map_view_fill_remembered_items(CavMapView *self)
{
    for (int y = 0; y < CAV_HEIGHT; y++) {
        for (int x = 0; x < CAV_WIDTH; x++) {
            const CavItem *item =
                state_item(self->state, view_remembered_item(self->view, self->level, x, y));
            GdkRGBA colour;

            if (item == NULL || view_sees(self->view, self->level, x, y))
                continue;
            cav_map_colour(item->colour, &colour);
            colour = cav_map_dimmed(colour);
            cav_map_view_put(self, x, y, item->glyph, &colour);
        }
    }
}

static void cav_map_view_fill_items(CavMapView *self)
{
    const CavState *state = self->state;

    for (gint32 id = 1; id <= state->item_count; id++) {
        const CavItem *item = state_item(state, id);

        if (item == NULL || item->count <= 0 || item->holder != 0 || item->z != self->level ||
            !cav_map_view_sees(self, item->x, item->y))
            continue;
        cav_map_view_put_named(self, item->x, item->y, item->glyph, item->colour);
    }
    if (!self->truth)
        cav_map_view_fill_remembered_items(self);
}

/* Whether the frame shows @creature: all of them in the truth; else the
 * player, and whoever the player perceives (in sight, or anywhere on their
 * level while they detect creatures). */
static gboolean cav_map_view_shows(CavMapView *self, const CavCreature *creature)
{
    const CavCreature *player = state_player(self->state);

    if (self->truth || cav_map_view_sees(self, creature->x, creature->y))
        return TRUE;
    return player != NULL && player->alive && self->view->z == player->z &&
           state_perceives(player, creature, self->view->visible);
}

static void cav_map_view_fill_creatures(CavMapView *self)
{
    const CavState *state = self->state;

    for (gint32 id = 1; id <= state->creature_count; id++) {
        const CavCreature *creature = state_creature(state, id);

        if (creature == NULL || !creature->alive || creature->z != self->level)
            continue;
        if (!cav_map_view_shows(self, creature) && id != state->player)
            continue;
        cav_map_view_put_named(self, creature->x, creature->y, creature->glyph, creature->colour);
    }
}

/* What the frame shows, cell by cell; FALSE when it shows nothing. */
static gboolean cav_map_view_fill(CavMapView *self)
{
    memset(self->cells, 0, sizeof(CavMapCell[CAV_HEIGHT][CAV_WIDTH]));
    if (self->state == NULL || (self->view == NULL && !self->truth))
        return FALSE;
    cav_map_view_fill_terrain(self);
    cav_map_view_fill_items(self);
    cav_map_view_fill_creatures(self);
    return TRUE;
}

/* ---- drawing ------------------------------------------------------------ */

static gboolean cav_map_view_same_run(const CavMapView *self, const CavMapCell *a,
                                      const CavMapCell *b)
{
    return b->glyph != '\0' && !b->drawn &&
           self->glyphs[(guchar) a->glyph].font == self->glyphs[(guchar) b->glyph].font &&
           gdk_rgba_equal(&a->colour, &b->colour);
}

/* One text node for the cells of row @y from column @first on that share
 * the first one's colour and font: each glyph's advance reaches the next
 * one's cell, so gaps need no glyphs. */
static void cav_map_view_snapshot_run(CavMapView *self, GtkSnapshot *snapshot, int y, int first)
{
    CavMapCell *row = self->cells[y];
    const CavMapGlyph *lead = &self->glyphs[(guchar) row[first].glyph];
    PangoGlyphString *glyphs = pango_glyph_string_new();
    GskRenderNode *node;
    int previous = -1;

    for (int x = first; x < CAV_WIDTH; x++) {
        const CavMapGlyph *glyph = &self->glyphs[(guchar) row[x].glyph];
        PangoGlyphInfo *info;

        if (x != first && !cav_map_view_same_run(self, &row[first], &row[x]))
            continue;
        row[x].drawn = TRUE;
        if (previous >= 0)
            glyphs->glyphs[glyphs->num_glyphs - 1].geometry.width =
                (x - previous) * self->cell_width * PANGO_SCALE;
        pango_glyph_string_set_size(glyphs, glyphs->num_glyphs + 1);
        info = &glyphs->glyphs[glyphs->num_glyphs - 1];
        memset(info, 0, sizeof *info);
        info->glyph = glyph->glyph;
        info->geometry.width = self->cell_width * PANGO_SCALE;
        info->geometry.x_offset = glyph->x_offset;
        info->geometry.y_offset = glyph->y_offset;
        info->attr.is_cluster_start = 1;
        glyphs->log_clusters[glyphs->num_glyphs - 1] = 0;
        previous = x;
    }
    node = gsk_text_node_new(lead->font, glyphs, &row[first].colour,
                             &GRAPHENE_POINT_INIT((float) first * self->cell_width,
                                                  (float) y * self->cell_height +
                                                      pango_units_to_double(self->baseline)));
    if (node != NULL) {
        gtk_snapshot_append_node(snapshot, node);
        gsk_render_node_unref(node);
    }
    pango_glyph_string_free(glyphs);
}

static void cav_map_view_snapshot_glyphs(CavMapView *self, GtkSnapshot *snapshot)
{
    for (int y = 0; y < CAV_HEIGHT; y++) {
        for (int x = 0; x < CAV_WIDTH; x++) {
            const CavMapCell *cell = &self->cells[y][x];

            if (cell->glyph == '\0' || cell->drawn ||
                self->glyphs[(guchar) cell->glyph].font == NULL)
                continue;
            cav_map_view_snapshot_run(self, snapshot, y, x);
        }
    }
}

/* The selected cell's box, in natural cell coordinates: a faint fill under
 * the glyph (@fill) or the outline over it. */
static void cav_map_view_snapshot_selection(CavMapView *self, GtkSnapshot *snapshot, gboolean fill)
{
    graphene_rect_t box;
    GskRoundedRect outline;
    float line = MAX(1.f, self->cell_width / 8.f);
    const float widths[4] = {line, line, line, line};
    const GdkRGBA colours[4] = {cav_map_selection_colour, cav_map_selection_colour,
                                cav_map_selection_colour, cav_map_selection_colour};

    if (!self->selected)
        return;
    graphene_rect_init(&box, (float) self->selected_x * self->cell_width,
                       (float) self->selected_y * self->cell_height, (float) self->cell_width,
                       (float) self->cell_height);
    if (fill) {
        gtk_snapshot_append_color(snapshot, &cav_map_selection_fill, &box);
        return;
    }
    gsk_rounded_rect_init_from_rect(&outline, &box, 0);
    gtk_snapshot_append_border(snapshot, &outline, widths, colours);
}

/* The decision's cells, under the glyphs: what it saw, then its path. */
static void cav_map_view_snapshot_decision(CavMapView *self, GtkSnapshot *snapshot)
{
    const AnalysisDecision *d = self->decision;
    float w = (float) self->cell_width, h = (float) self->cell_height;

    if (d == NULL || d->decision.z != self->level)
        return;
    for (int y = 0; y < CAV_HEIGHT; y++)
        for (int x = 0; x < CAV_WIDTH; x++)
            if (d->sight[y][x])
                gtk_snapshot_append_color(snapshot, &cav_map_sight_fill,
                                          &GRAPHENE_RECT_INIT(x * w, y * h, w, h));
    for (int i = 0; i < d->decision.path_length; i++)
        gtk_snapshot_append_color(
            snapshot, &cav_map_path_fill,
            &GRAPHENE_RECT_INIT(d->decision.path_x[i] * w, d->decision.path_y[i] * h, w, h));
}

static void cav_map_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot)
{
    CavMapView *self = CAV_MAP_VIEW(widget);
    CavMapPlacement place = cav_map_view_placement(self);

    gtk_snapshot_append_color(snapshot, &cav_map_background_colour,
                              &GRAPHENE_RECT_INIT(0, 0, (float) gtk_widget_get_width(widget),
                                                  (float) gtk_widget_get_height(widget)));
    if (!cav_map_view_fill(self) && !self->selected)
        return;
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float) place.x, (float) place.y));
    gtk_snapshot_scale(snapshot, (float) place.scale, (float) place.scale);
    cav_map_view_snapshot_decision(self, snapshot);
    cav_map_view_snapshot_selection(self, snapshot, TRUE);
    cav_map_view_snapshot_glyphs(self, snapshot);
    cav_map_view_snapshot_selection(self, snapshot, FALSE);
    gtk_snapshot_restore(snapshot);
}

/* ---- widget ------------------------------------------------------------- */

static void cav_map_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                 int *minimum, int *natural, int *minimum_baseline,
                                 int *natural_baseline)
{
    CavMapView *self = CAV_MAP_VIEW(widget);

    cav_map_view_measure_font(self);
    *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? CAV_WIDTH : CAV_HEIGHT;
    *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? CAV_WIDTH * self->cell_width
                                                         : CAV_HEIGHT * self->cell_height;
}

/* Style changes are frequent (hover, backdrop); only a new font matters. */
static void cav_map_view_css_changed(GtkWidget *widget, GtkCssStyleChange *change)
{
    CavMapView *self = CAV_MAP_VIEW(widget);
    PangoFontDescription *font;

    GTK_WIDGET_CLASS(cav_map_view_parent_class)->css_changed(widget, change);
    font = cav_map_view_font_description(self);
    if (self->font == NULL || !pango_font_description_equal(font, self->font))
        cav_map_view_font_changed(self);
    pango_font_description_free(font);
}

static void cav_map_view_system_setting_changed(GtkWidget *widget, GtkSystemSetting setting)
{
    GTK_WIDGET_CLASS(cav_map_view_parent_class)->system_setting_changed(widget, setting);
    cav_map_view_font_changed(CAV_MAP_VIEW(widget));
}

static void cav_map_view_on_pressed(GtkGestureClick *gesture, int n_press, double px, double py,
                                    CavMapView *self)
{
    int x, y;

    if (!cav_map_view_cell_at(self, px, py, &x, &y))
        return;
    gtk_gesture_set_state(GTK_GESTURE(gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    g_signal_emit(self, cav_map_view_signals[SIGNAL_CELL_CLICKED], 0, x, y);
}

/* ---- words for screen readers, and the keyboard's cursor ------------------ */

/* How many creatures in view the description names before "and N more". */
#define DESCRIBED_MAX 12

static const char *cav_map_tile_word(CavTile tile)
{
    switch (tile) {
    case TILE_FLOOR:
        return "floor";
    case TILE_WALL:
        return "rock";
    case TILE_STAIRS_DOWN:
        return "stairs down";
    case TILE_STAIRS_UP:
        return "stairs up";
    case TILE_OUTSIDE:
    default:
        return "outside the caves";
    }
}

/* The creature shown on (@x, @y) of the level drawn, or NULL. */
static const CavCreature *cav_map_view_creature_at(CavMapView *self, int x, int y)
{
    for (gint32 id = 1; id <= self->state->creature_count; id++) {
        const CavCreature *c = state_creature(self->state, id);
        if (c != NULL && c->alive && c->z == self->level && c->x == x && c->y == y &&
            (id == self->state->player || cav_map_view_shows(self, c)))
            return c;
    }
    return NULL;
}

/* The cursor's cell in words: what lies there as the map shows it. */
static void cav_map_view_describe_cell(CavMapView *self, int x, int y, GString *out)
{
    const CavCreature *c = cav_map_view_creature_at(self, x, y);
    gboolean seen = cav_map_view_sees(self, x, y);

    g_string_append_printf(out, " Cursor at (%d,%d): ", x, y);
    if (!seen && (self->view == NULL || !view_remembers(self->view, self->level, x, y)))
        g_string_append(out, "not known");
    else
        g_string_append_printf(out, "%s%s",
                               cav_map_tile_word(state_tile(self->state, self->level, x, y)),
                               seen ? "" : ", remembered");
    for (gint32 id = 1; seen && id <= self->state->item_count; id++) {
        const CavItem *item = state_item(self->state, id);
        if (item != NULL && item->count > 0 && item->holder == 0 && item->z == self->level &&
            item->x == x && item->y == y) {
            g_string_append(out, ", an item"); /* its name is the Entities page's to give */
            break;
        }
    }
    if (c != NULL)
        g_string_append_printf(out, ", %s", c->id == self->state->player ? "you" : c->kind);
    g_string_append_c(out, '.');
}

/* Update what a screen reader says of the map: the depth, where the
 * player is, the creatures shown, and the cursor's cell. */
static void cav_map_view_describe(CavMapView *self)
{
    g_autoptr(GString) out = g_string_new(NULL);
    const CavCreature *player;
    guint named = 0, more = 0;

    if (self->state == NULL || (self->view == NULL && !self->truth)) {
        gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "Nothing shown yet.", -1);
        return;
    }
    player = state_player(self->state);
    g_string_append_printf(out, "Depth %d%s.", self->level + 1,
                           self->truth ? ", the whole truth" : "");
    if (player != NULL && player->z == self->level)
        g_string_append_printf(out, " You at (%d,%d).", player->x, player->y);
    for (gint32 id = 1; id <= self->state->creature_count; id++) {
        const CavCreature *c = state_creature(self->state, id);
        if (c == NULL || !c->alive || c->z != self->level || id == self->state->player ||
            !cav_map_view_shows(self, c))
            continue;
        if (named++ >= DESCRIBED_MAX) {
            more++;
            continue;
        }
        g_string_append_printf(out, "%s %s at (%d,%d)", named == 1 ? " Shown:" : ",", c->kind, c->x,
                               c->y);
    }
    if (more > 0)
        g_string_append_printf(out, " and %u more", more);
    g_string_append(out, named > 0 ? "." : " No other creature shown.");
    if (self->selected)
        cav_map_view_describe_cell(self, self->selected_x, self->selected_y, out);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                   out->str, -1);
}

/* Arrows move the cursor (from the player, the first time); Return or
 * Space picks what is under it, as a click would. Other keys go on to the
 * window's shortcuts. */
static gboolean cav_map_view_on_key(GtkEventControllerKey *controller, guint keyval, guint keycode,
                                    GdkModifierType modifiers, CavMapView *self)
{
    const CavCreature *player = self->state != NULL ? state_player(self->state) : NULL;
    int dx = 0, dy = 0, x = self->selected_x, y = self->selected_y;

    if ((modifiers & (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0 ||
        self->state == NULL)
        return FALSE;
    if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_space) {
        if (self->selected)
            g_signal_emit(self, cav_map_view_signals[SIGNAL_CELL_CLICKED], 0, x, y);
        return self->selected;
    }
    dx = keyval == GDK_KEY_Left ? -1 : keyval == GDK_KEY_Right ? 1 : 0;
    dy = keyval == GDK_KEY_Up ? -1 : keyval == GDK_KEY_Down ? 1 : 0;
    if (dx == 0 && dy == 0)
        return FALSE;
    if (!self->selected) {
        x = player != NULL && player->z == self->level ? player->x : CAV_WIDTH / 2;
        y = player != NULL && player->z == self->level ? player->y : CAV_HEIGHT / 2;
        dx = dy = 0;
    }
    cav_map_view_set_selected(self, TRUE, CLAMP(x + dx, 0, CAV_WIDTH - 1),
                              CLAMP(y + dy, 0, CAV_HEIGHT - 1));
    return TRUE;
}

static void cav_map_view_get_property(GObject *object, guint prop_id, GValue *value,
                                      GParamSpec *pspec)
{
    CavMapView *self = CAV_MAP_VIEW(object);

    switch (prop_id) {
    case PROP_LEVEL:
        g_value_set_int(value, self->level);
        break;
    case PROP_TRUTH:
        g_value_set_boolean(value, self->truth);
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_map_view_set_property(GObject *object, guint prop_id, const GValue *value,
                                      GParamSpec *pspec)
{
    CavMapView *self = CAV_MAP_VIEW(object);

    switch (prop_id) {
    case PROP_LEVEL:
        cav_map_view_set_level(self, g_value_get_int(value));
        break;
    case PROP_TRUTH:
        cav_map_view_set_truth(self, g_value_get_boolean(value));
        break;
    default:
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, prop_id, pspec);
    }
}

static void cav_map_view_finalize(GObject *object)
{
    CavMapView *self = CAV_MAP_VIEW(object);

    cav_map_view_forget_font(self);
    g_free(self->cells);
    g_free(self->decision);
    G_OBJECT_CLASS(cav_map_view_parent_class)->finalize(object);
}

static void cav_map_view_class_init(CavMapViewClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    object_class->get_property = cav_map_view_get_property;
    object_class->set_property = cav_map_view_set_property;
    object_class->finalize = cav_map_view_finalize;
    widget_class->measure = cav_map_view_measure;
    widget_class->snapshot = cav_map_view_snapshot;
    widget_class->css_changed = cav_map_view_css_changed;
    widget_class->system_setting_changed = cav_map_view_system_setting_changed;

    cav_map_view_props[PROP_LEVEL] =
        g_param_spec_int("level", NULL, NULL, 0, CAV_LEVELS - 1, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    cav_map_view_props[PROP_TRUTH] =
        g_param_spec_boolean("truth", NULL, NULL, FALSE,
                             G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, cav_map_view_props);

    /* CavMapView::cell-clicked (x, y): the primary button was pressed on a
     * map cell. */
    cav_map_view_signals[SIGNAL_CELL_CLICKED] =
        g_signal_new("cell-clicked", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                     NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

    gtk_widget_class_set_css_name(widget_class, "cavmap");
    gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void cav_map_view_init(CavMapView *self)
{
    GtkGesture *click = gtk_gesture_click_new();
    GtkEventController *keys = gtk_event_controller_key_new();

    self->cells = g_malloc0(sizeof(CavMapCell[CAV_HEIGHT][CAV_WIDTH]));
    gtk_gesture_single_set_button(GTK_GESTURE_SINGLE(click), GDK_BUTTON_PRIMARY);
    g_signal_connect(click, "pressed", G_CALLBACK(cav_map_view_on_pressed), self);
    gtk_widget_add_controller(GTK_WIDGET(self), GTK_EVENT_CONTROLLER(click));
    gtk_widget_set_overflow(GTK_WIDGET(self), GTK_OVERFLOW_HIDDEN);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(cav_map_view_on_key), self);
    gtk_widget_add_controller(GTK_WIDGET(self), keys);
    gtk_widget_set_focusable(GTK_WIDGET(self), TRUE);
    gtk_accessible_update_property(GTK_ACCESSIBLE(self), GTK_ACCESSIBLE_PROPERTY_LABEL, "Map", -1);
    cav_map_view_describe(self);
}

/* ---- API ---------------------------------------------------------------- */

GtkWidget *cav_map_view_new(void)
{
    return g_object_new(CAV_TYPE_MAP_VIEW, NULL);
}

void cav_map_view_set_state(CavMapView *self, const CavState *state, const CavView *view)
{
    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    self->state = state;
    self->view = view;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    cav_map_view_describe(self);
}

int cav_map_view_get_level(CavMapView *self)
{
    g_return_val_if_fail(CAV_IS_MAP_VIEW(self), 0);
    return self->level;
}

void cav_map_view_set_level(CavMapView *self, int level)
{
    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    g_return_if_fail(level >= 0 && level < CAV_LEVELS);
    if (self->level == level)
        return;
    self->level = level;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    cav_map_view_describe(self);
    g_object_notify_by_pspec(G_OBJECT(self), cav_map_view_props[PROP_LEVEL]);
}

gboolean cav_map_view_get_truth(CavMapView *self)
{
    g_return_val_if_fail(CAV_IS_MAP_VIEW(self), FALSE);
    return self->truth;
}

void cav_map_view_set_truth(CavMapView *self, gboolean truth)
{
    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    truth = truth != FALSE;
    if (self->truth == truth)
        return;
    self->truth = truth;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    cav_map_view_describe(self);
    g_object_notify_by_pspec(G_OBJECT(self), cav_map_view_props[PROP_TRUTH]);
}

void cav_map_view_set_selected(CavMapView *self, gboolean any, int x, int y)
{
    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    g_return_if_fail(!any || world_in_bounds(x, y));
    any = any != FALSE;
    if (self->selected == any && (!any || (self->selected_x == x && self->selected_y == y)))
        return;
    self->selected = any;
    self->selected_x = any ? x : 0;
    self->selected_y = any ? y : 0;
    gtk_widget_queue_draw(GTK_WIDGET(self));
    cav_map_view_describe(self);
}

void cav_map_view_set_decision(CavMapView *self, const AnalysisDecision *decision)
{
    g_return_if_fail(CAV_IS_MAP_VIEW(self));
    g_clear_pointer(&self->decision, g_free);
    if (decision != NULL)
        self->decision = g_memdup2(decision, sizeof *decision);
    gtk_widget_queue_draw(GTK_WIDGET(self));
}

const AnalysisDecision *cav_map_view_get_decision(CavMapView *self)
{
    g_return_val_if_fail(CAV_IS_MAP_VIEW(self), NULL);
    return self->decision;
}

gboolean cav_map_view_get_selected(CavMapView *self, int *x, int *y)
{
    g_return_val_if_fail(CAV_IS_MAP_VIEW(self), FALSE);
    if (self->selected && x != NULL)
        *x = self->selected_x;
    if (self->selected && y != NULL)
        *y = self->selected_y;
    return self->selected;
}
