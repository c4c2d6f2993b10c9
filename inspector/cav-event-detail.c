/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-event-detail.c — one event's detail as a label of Pango markup, whose
 * links ("seq:N", "creature:ID", "item:ID") the window follows. */
#include "cav-event-detail.h"

#include "shown.h"

#include "cav-describe.h"

struct _CavEventDetail {
    GtkWidget parent_instance;
    GtkWidget *scroller;
    GtkLabel *label;
    CavTimeline *timeline; /* a reference, or NULL */
    gboolean truth;
    gint64 seq;
};

G_DEFINE_FINAL_TYPE(CavEventDetail, cav_event_detail, GTK_TYPE_WIDGET)

enum { SIGNAL_ACTIVATE_LINK, N_SIGNALS };
static guint signals[N_SIGNALS];

static void append_link(CavEventDetail *self, GString *out, CavRefKind kind, gint32 id)
{
    cav_describe_link(cav_timeline_get_history(self->timeline), self->truth, kind, id, out);
}

static void append_event_link(CavEventDetail *self, GString *out, gint64 seq)
{
    const HistoryEntry *entry = history_entry(cav_timeline_get_history(self->timeline), seq);
    const char *summary = cav_timeline_summary(self->timeline, seq);
    g_autofree char *escaped = g_markup_escape_text(summary != NULL ? summary : "", -1);

    g_string_append_printf(out,
                           "<a href=\"seq:%" G_GINT64_FORMAT "\">#%" G_GINT64_FORMAT " %s</a> — %s",
                           seq, seq, ev_type_name((CavEventType) entry->type), escaped);
}

static void append_payload(CavEventDetail *self, GString *out, const CavEvent *event)
{
    const CavFieldInfo *fields;
    guint n = ev_type_fields(event->type, &fields);

    for (guint i = 0; i < n; i++) {
        CavRefKind kind = ev_field_ref_kind(fields[i].name);
        g_autoptr(GString) value = g_string_new(NULL);
        g_autofree char *escaped = NULL;
        g_autofree char *shown = NULL;

        g_string_append_printf(out, "\n  <tt>%-10s</tt> ", fields[i].name);
        if (kind != CAV_REF_NONE && fields[i].kind == CAV_FIELD_I32) {
            append_link(self, out, kind,
                        *(const gint32 *) ((const guint8 *) &event->as + fields[i].offset));
            continue;
        }
        ev_append_field_value(event, &fields[i], value);
        shown = ev_shown(value->str); /* text from the file: no control drawn raw */
        escaped = g_markup_escape_text(shown, -1);
        if (fields[i].kind == CAV_FIELD_STR || fields[i].kind == CAV_FIELD_ROW)
            g_string_append_printf(out, "<tt>“%s”</tt>", escaped);
        else
            g_string_append(out, escaped);
    }
}

/* The target, as the timeline's column has it (the catalog's target field,
 * ev_target); nothing when there is none. */
static void append_target(CavEventDetail *self, GString *out, const HistoryEntry *entry)
{
    if (entry->target == 0)
        return;
    g_string_append(out, "    <b>Target</b> ");
    append_link(self, out, (CavRefKind) entry->target_kind, entry->target);
}

static void update_detail(CavEventDetail *self)
{
    History *history = cav_timeline_get_history(self->timeline);
    g_autoptr(GString) out = g_string_new(NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) caused = NULL;
    g_autofree char *command = NULL, *summary = NULL;
    const HistoryEntry *entry = history_entry(history, self->seq);
    const CavEvent *event;

    if (entry == NULL) {
        gtk_label_set_markup(self->label, "<i>Before the first event: nothing exists yet.</i>");
        return;
    }
    event = cav_timeline_event(self->timeline, self->seq);
    if (event == NULL) {
        gtk_label_set_text(self->label, "This event cannot be read.");
        return;
    }
    summary = g_markup_escape_text(cav_timeline_summary(self->timeline, self->seq), -1);
    g_string_append_printf(
        out, "<big><b>#%" G_GINT64_FORMAT " %s</b></big>  <small>version %d</small>\n", event->seq,
        ev_type_name(event->type), event->version);
    g_string_append_printf(out, "<i>%s</i>\n\n%s\n\n", ev_type_meaning(event->type), summary);
    g_string_append_printf(out, "<b>Turn</b> %d    <b>Actor</b> ", event->turn);
    /* The envelope's, as the timeline's column. */
    append_link(self, out, CAV_REF_CREATURE, event->actor);
    append_target(self, out, entry);
    g_string_append(out, "\n<b>Caused by</b> ");
    if (event->cause != 0)
        append_event_link(self, out, event->cause);
    else
        g_string_append(out, "no other event");
    command = history_turn_command(history, event->turn, &error);
    if (command != NULL) {
        g_autofree char *escaped = g_markup_escape_text(command, -1);
        g_string_append_printf(
            out,
            "\n<b>Command of turn %d</b> <tt>%s</tt> (<a href=\"seq:%" G_GINT64_FORMAT
            "\">its first event</a>)",
            event->turn, escaped, history_turn_start(history, event->turn));
    }
    caused = history_caused(history, event->seq);
    g_string_append_printf(out, "\n<b>Caused</b> %s", caused->len == 0 ? "nothing" : "");
    for (guint i = 0; i < caused->len; i++) {
        g_string_append(out, "\n  ");
        append_event_link(self, out, g_array_index(caused, gint64, i));
    }
    g_string_append(out, "\n\n<b>Payload</b>");
    /* The event may have been evicted from the cache by the links above. */
    event = cav_timeline_event(self->timeline, self->seq);
    if (event != NULL)
        append_payload(self, out, event);
    gtk_label_set_markup(self->label, out->str);
}

void cav_event_detail_set_timeline(CavEventDetail *self, CavTimeline *timeline)
{
    g_return_if_fail(CAV_IS_EVENT_DETAIL(self));
    g_return_if_fail(timeline == NULL || CAV_IS_TIMELINE(timeline));
    g_set_object(&self->timeline, timeline);
}

void cav_event_detail_set_truth(CavEventDetail *self, gboolean truth)
{
    g_return_if_fail(CAV_IS_EVENT_DETAIL(self));
    self->truth = truth;
    if (self->timeline != NULL)
        update_detail(self);
}

void cav_event_detail_show(CavEventDetail *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_EVENT_DETAIL(self));
    self->seq = seq;
    if (self->timeline != NULL)
        update_detail(self);
}

static gboolean on_activate_link(GtkLabel *label, const char *uri, gpointer user_data)
{
    gboolean handled = FALSE;

    g_signal_emit(user_data, signals[SIGNAL_ACTIVATE_LINK], 0, uri, &handled);
    return handled;
}

static void cav_event_detail_dispose(GObject *object)
{
    CavEventDetail *self = CAV_EVENT_DETAIL(object);

    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_EVENT_DETAIL);
    g_clear_object(&self->timeline);
    G_OBJECT_CLASS(cav_event_detail_parent_class)->dispose(object);
}

static void cav_event_detail_class_init(CavEventDetailClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_event_detail_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-event-detail.ui");
    gtk_widget_class_bind_template_child(widget_class, CavEventDetail, scroller);
    gtk_widget_class_bind_template_child(widget_class, CavEventDetail, label);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    signals[SIGNAL_ACTIVATE_LINK] = g_signal_new(
        "activate-link", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
        g_signal_accumulator_true_handled, NULL, NULL, G_TYPE_BOOLEAN, 1, G_TYPE_STRING);
}

static void cav_event_detail_init(CavEventDetail *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    g_signal_connect(self->label, "activate-link", G_CALLBACK(on_activate_link), self);
}

GtkWidget *cav_event_detail_new(void)
{
    return g_object_new(CAV_TYPE_EVENT_DETAIL, NULL);
}
