/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-chart-view.c — the series chart: one drawing function serves the
 * widget (GtkDrawingArea) and the PNG/SVG export (cairo surfaces). */
#include "cav-chart-view.h"

#include "cav-markers.h"

#include <cairo-svg.h>
#include <math.h>

#define MARGIN_LEFT 48.0
#define MARGIN_RIGHT 12.0
#define MARGIN_TOP 24.0
#define MARGIN_BOTTOM 24.0
#define TICKS 5 /* about this many labels an axis */

struct _CavChartView {
    GtkWidget parent_instance;
    GtkDrawingArea *area;
    GArray *points;  /* of AnalysisPoint */
    GArray *markers; /* of AnalysisPoint, value a CavEventType */
    char *title;
    gint64 cursor;
};

G_DEFINE_FINAL_TYPE(CavChartView, cav_chart_view, GTK_TYPE_WIDGET)

enum { SIGNAL_SEEK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The plotted ranges: seqs on x, values on y. */
typedef struct {
    gint64 first, last;
    gint64 low, high;
    double width, height;
} Frame;

static Frame frame_of(const CavChartView *self, double width, double height)
{
    Frame f = {.width = width, .height = height};
    const GArray *p = self->points;

    f.first = g_array_index(p, AnalysisPoint, 0).seq;
    f.last = MAX(f.first + 1, g_array_index(p, AnalysisPoint, p->len - 1).seq);
    f.low = f.high = g_array_index(p, AnalysisPoint, 0).value;
    for (guint i = 1; i < p->len; i++) {
        f.low = MIN(f.low, g_array_index(p, AnalysisPoint, i).value);
        f.high = MAX(f.high, g_array_index(p, AnalysisPoint, i).value);
    }
    f.low = MIN(f.low, 0);
    if (f.high == f.low)
        f.high = f.low + 1;
    return f;
}

static double x_of(const Frame *f, gint64 seq)
{
    double span = f->width - MARGIN_LEFT - MARGIN_RIGHT;

    return MARGIN_LEFT + span * (double) (seq - f->first) / (double) (f->last - f->first);
}

static double y_of(const Frame *f, gint64 value)
{
    double span = f->height - MARGIN_TOP - MARGIN_BOTTOM;

    return f->height - MARGIN_BOTTOM -
           span * (double) (value - f->low) / (double) (f->high - f->low);
}

/* A round step ("1, 2 or 5 × 10ⁿ") that cuts @span into about TICKS parts. */
static gint64 nice_step(gint64 span)
{
    gint64 step = 1;

    while (step * 10 <= span / TICKS)
        step *= 10;
    if (step * 5 <= span / TICKS)
        return step * 5;
    if (step * 2 <= span / TICKS)
        return step * 2;
    return step;
}

/* The values labelled on the y axis: multiples of a round step, low to high. */
static GArray *y_ticks(const Frame *f)
{
    GArray *ticks = g_array_new(FALSE, FALSE, sizeof(gint64));
    gint64 step = nice_step(f->high - f->low);

    for (gint64 v = f->low - (f->low % step + step) % step; v <= f->high; v += step)
        if (v >= f->low)
            g_array_append_val(ticks, v);
    return ticks;
}

/* The points labelled on the x axis by their turn: about TICKS of them,
 * evenly spread, the first and the last among them. */
static GArray *x_ticks(const CavChartView *self)
{
    GArray *ticks = g_array_new(FALSE, FALSE, sizeof(guint));
    guint n = self->points->len;

    for (guint k = 0; k < TICKS && k < n; k++) {
        guint i = n == 1 ? 0 : (guint) ((gint64) k * (n - 1) / MIN(TICKS - 1, n - 1));
        if (ticks->len == 0 || g_array_index(ticks, guint, ticks->len - 1) != i)
            g_array_append_val(ticks, i);
    }
    return ticks;
}

static void draw_y_ticks(cairo_t *cr, const Frame *f, const GdkRGBA *ink)
{
    g_autoptr(GArray) ticks = y_ticks(f);
    char text[32];

    for (guint i = 0; i < ticks->len; i++) {
        gint64 v = g_array_index(ticks, gint64, i);
        cairo_set_source_rgba(cr, ink->red, ink->green, ink->blue, 0.15);
        cairo_move_to(cr, MARGIN_LEFT, y_of(f, v));
        cairo_line_to(cr, f->width - MARGIN_RIGHT, y_of(f, v));
        cairo_stroke(cr);
        cairo_set_source_rgba(cr, ink->red, ink->green, ink->blue, 0.8);
        g_snprintf(text, sizeof text, "%" G_GINT64_FORMAT, v);
        cairo_move_to(cr, 4, y_of(f, v) + 4);
        cairo_show_text(cr, text);
    }
}

static void draw_x_ticks(cairo_t *cr, const CavChartView *self, const Frame *f)
{
    g_autoptr(GArray) ticks = x_ticks(self);
    cairo_text_extents_t extents;
    char text[32];

    for (guint k = 0; k < ticks->len; k++) {
        const AnalysisPoint *p =
            &g_array_index(self->points, AnalysisPoint, g_array_index(ticks, guint, k));
        g_snprintf(text, sizeof text, k == 0 ? "turn %d" : "%d", p->turn);
        cairo_text_extents(cr, text, &extents);
        cairo_move_to(cr, CLAMP(x_of(f, p->seq) - extents.width / 2, 0, f->width - extents.width),
                      f->height - 6);
        cairo_show_text(cr, text);
    }
}

/* The frame, the axes' labels (values on y, turns on x) and, with @title
 * (an export, which stands alone), the title. */
static void draw_axes(cairo_t *cr, const CavChartView *self, const Frame *f, const GdkRGBA *ink,
                      const char *title)
{
    cairo_set_source_rgba(cr, ink->red, ink->green, ink->blue, 0.6);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, MARGIN_LEFT, MARGIN_TOP, f->width - MARGIN_LEFT - MARGIN_RIGHT,
                    f->height - MARGIN_TOP - MARGIN_BOTTOM);
    cairo_stroke(cr);
    cairo_set_font_size(cr, 11);
    draw_y_ticks(cr, f, ink);
    draw_x_ticks(cr, self, f);
    if (title != NULL) {
        cairo_move_to(cr, MARGIN_LEFT, MARGIN_TOP - 8);
        cairo_show_text(cr, title);
    }
}

/* A marker's colour is its kind's on the scrubber: your death red, a
 * level gained green, stairs blue. */
static void marker_colour(cairo_t *cr, gint64 type)
{
    CavMarkerKind kind = type == CAV_EVENT_CREATURE_DIED || type == CAV_EVENT_GAME_LOST
                             ? CAV_MARKER_END
                         : type == CAV_EVENT_LEVEL_GAINED ? CAV_MARKER_LEVEL_UP
                                                          : CAV_MARKER_STAIRS;
    GdkRGBA colour;

    gdk_rgba_parse(&colour, cav_marker_kind_colour(kind));
    cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, 0.8);
}

static void draw_lines(cairo_t *cr, const CavChartView *self, const Frame *f, const GdkRGBA *ink)
{
    double top = MARGIN_TOP, bottom = f->height - MARGIN_BOTTOM;

    for (guint i = 0; self->markers != NULL && i < self->markers->len; i++) {
        const AnalysisPoint *m = &g_array_index(self->markers, AnalysisPoint, i);
        if (m->seq < f->first || m->seq > f->last)
            continue;
        marker_colour(cr, m->value);
        cairo_move_to(cr, x_of(f, m->seq), top);
        cairo_line_to(cr, x_of(f, m->seq), bottom);
        cairo_stroke(cr);
    }
    if (self->cursor >= f->first && self->cursor <= f->last) {
        cairo_set_source_rgba(cr, ink->red, ink->green, ink->blue, 0.8);
        cairo_set_dash(cr, (double[]){4, 3}, 2, 0);
        cairo_move_to(cr, x_of(f, self->cursor), top);
        cairo_line_to(cr, x_of(f, self->cursor), bottom);
        cairo_stroke(cr);
        cairo_set_dash(cr, NULL, 0, 0);
    }
}

/* The series as steps: a value holds until the next point. */
static void draw_series(cairo_t *cr, const CavChartView *self, const Frame *f)
{
    const GArray *p = self->points;

    cairo_set_source_rgb(cr, 0.1, 0.55, 0.25);
    cairo_set_line_width(cr, 2);
    cairo_move_to(cr, x_of(f, g_array_index(p, AnalysisPoint, 0).seq),
                  y_of(f, g_array_index(p, AnalysisPoint, 0).value));
    for (guint i = 1; i < p->len; i++) {
        const AnalysisPoint *pt = &g_array_index(p, AnalysisPoint, i);
        cairo_line_to(cr, x_of(f, pt->seq), y_of(f, g_array_index(p, AnalysisPoint, i - 1).value));
        cairo_line_to(cr, x_of(f, pt->seq), y_of(f, pt->value));
    }
    cairo_stroke(cr);
}

/* Draw the chart in @ink (the text's colour), on white @paper or (NULL)
 * on what lies below: the window's own colours on screen, so that a dark
 * style draws a dark chart; an export is on paper. */
static void draw(cairo_t *cr, const CavChartView *self, int width, int height, const GdkRGBA *ink,
                 const GdkRGBA *paper)
{
    Frame f;

    if (paper != NULL) {
        gdk_cairo_set_source_rgba(cr, paper);
        cairo_paint(cr);
    }
    if (self->points == NULL || self->points->len == 0)
        return;
    f = frame_of(self, width, height);
    draw_axes(cr, self, &f, ink, paper != NULL ? self->title : NULL);
    draw_lines(cr, self, &f, ink);
    draw_series(cr, self, &f);
}

static void on_draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer self)
{
    GdkRGBA ink;

    G_GNUC_BEGIN_IGNORE_DEPRECATIONS /* gtk_widget_get_color() is GTK 4.10 */
        gtk_style_context_get_color(gtk_widget_get_style_context(GTK_WIDGET(area)), &ink);
    G_GNUC_END_IGNORE_DEPRECATIONS
    draw(cr, self, width, height, &ink, NULL);
}

char *cav_chart_view_describe_axes(CavChartView *self)
{
    GString *out = g_string_new("x:");
    g_autoptr(GArray) xs = NULL;
    g_autoptr(GArray) ys = NULL;
    Frame f;

    g_return_val_if_fail(CAV_IS_CHART_VIEW(self), NULL);
    if (self->points == NULL || self->points->len == 0)
        return g_string_free(out, FALSE);
    f = frame_of(self, 600, 200);
    xs = x_ticks(self);
    ys = y_ticks(&f);
    for (guint k = 0; k < xs->len; k++) {
        guint i = g_array_index(xs, guint, k);
        g_string_append_printf(out, " turn %d", g_array_index(self->points, AnalysisPoint, i).turn);
    }
    g_string_append(out, "; y:");
    for (guint k = 0; k < ys->len; k++)
        g_string_append_printf(out, " %" G_GINT64_FORMAT, g_array_index(ys, gint64, k));
    return g_string_free(out, FALSE);
}

gint64 cav_chart_view_seq_at(CavChartView *self, double x, int width)
{
    Frame f;
    gint64 best = 0;
    double distance = G_MAXDOUBLE;

    g_return_val_if_fail(CAV_IS_CHART_VIEW(self), 0);
    if (self->points == NULL || self->points->len == 0)
        return 0;
    f = frame_of(self, width, 100);
    for (guint i = 0; i < self->points->len; i++) {
        const AnalysisPoint *p = &g_array_index(self->points, AnalysisPoint, i);
        if (fabs(x_of(&f, p->seq) - x) < distance) {
            distance = fabs(x_of(&f, p->seq) - x);
            best = p->seq;
        }
    }
    return best;
}

static void on_click(GtkGestureClick *click, int n, double x, double y, gpointer user_data)
{
    CavChartView *self = user_data;
    gint64 seq = cav_chart_view_seq_at(self, x, gtk_widget_get_width(GTK_WIDGET(self->area)));

    if (seq > 0)
        g_signal_emit(self, signals[SIGNAL_SEEK], 0, seq);
}

/* cairo's stream writer: into the GByteArray at @closure. */
static cairo_status_t append_bytes(void *closure, const unsigned char *data, unsigned int length)
{
    g_byte_array_append(closure, data, length);
    return CAIRO_STATUS_SUCCESS;
}

gboolean cav_chart_view_export(CavChartView *self, const char *path, int width, int height,
                               GError **error)
{
    gboolean svg = g_str_has_suffix(path, ".svg");
    g_autoptr(GByteArray) bytes = g_byte_array_new();
    cairo_surface_t *surface =
        svg ? cairo_svg_surface_create_for_stream(append_bytes, bytes, width, height)
            : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    cairo_status_t status;

    draw(cr, self, width, height, &(GdkRGBA){0, 0, 0, 1}, &(GdkRGBA){1, 1, 1, 1});
    cairo_destroy(cr);
    if (svg)
        cairo_surface_finish(surface); /* the SVG's end, into the bytes */
    status = svg ? cairo_surface_status(surface)
                 : cairo_surface_write_to_png_stream(surface, append_bytes, bytes);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        g_set_error(error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not draw the chart: %s",
                    cairo_status_to_string(status));
        return FALSE;
    }
    /* Written by GLib, whose error names the file and the system's reason
     * ("Permission denied"); cairo's writer said only "error while writing". */
    return g_file_set_contents(path, (const char *) bytes->data, (gssize) bytes->len, error);
}

static GArray *copy_points(const GArray *points)
{
    GArray *copy = g_array_new(FALSE, FALSE, sizeof(AnalysisPoint));

    if (points != NULL)
        g_array_append_vals(copy, points->data, points->len);
    return copy;
}

void cav_chart_view_set_series(CavChartView *self, const GArray *points, const char *title)
{
    g_return_if_fail(CAV_IS_CHART_VIEW(self));
    g_clear_pointer(&self->points, g_array_unref);
    self->points = copy_points(points);
    g_free(self->title);
    self->title = g_strdup(title);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

void cav_chart_view_set_markers(CavChartView *self, const GArray *markers)
{
    g_return_if_fail(CAV_IS_CHART_VIEW(self));
    g_clear_pointer(&self->markers, g_array_unref);
    self->markers = copy_points(markers);
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

void cav_chart_view_set_cursor(CavChartView *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_CHART_VIEW(self));
    self->cursor = seq;
    gtk_widget_queue_draw(GTK_WIDGET(self->area));
}

static void cav_chart_view_dispose(GObject *object)
{
    CavChartView *self = CAV_CHART_VIEW(object);

    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_CHART_VIEW);
    g_clear_pointer(&self->points, g_array_unref);
    g_clear_pointer(&self->markers, g_array_unref);
    g_clear_pointer(&self->title, g_free);
    G_OBJECT_CLASS(cav_chart_view_parent_class)->dispose(object);
}

static void cav_chart_view_class_init(CavChartViewClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_chart_view_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-chart-view.ui");
    gtk_widget_class_bind_template_child(widget_class, CavChartView, area);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    /* seek(seq): the user clicked the point of event seq. */
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void cav_chart_view_init(CavChartView *self)
{
    GtkGesture *click = gtk_gesture_click_new();

    gtk_widget_init_template(GTK_WIDGET(self));
    gtk_drawing_area_set_draw_func(self->area, on_draw, self, NULL);
    g_signal_connect(click, "pressed", G_CALLBACK(on_click), self);
    gtk_widget_add_controller(GTK_WIDGET(self->area), GTK_EVENT_CONTROLLER(click));
}

GtkWidget *cav_chart_view_new(void)
{
    return g_object_new(CAV_TYPE_CHART_VIEW, NULL);
}
