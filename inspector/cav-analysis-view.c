/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-analysis-view.c — the Analysis page: a stack of the "why" tree, the
 * changes since a pinned event, the chart over time and the state search,
 * each brought up to date for the shown event only while it is visible. */
#include "cav-analysis-view.h"

#include "cav-decision.h"

#include "analysis.h"
#include "cav-chart-view.h"
#include "cav-why-view.h"
#include "shown.h"

#define WHY_TURNS 5
#define CHANGES_MAX 5000
/* "Origins" looks this many turns back: a value's whole story in a game of
 * a million events takes seconds to fold (about 3 s measured). */
#define ORIGINS_TURNS 1000

struct _CavAnalysisView {
    GtkWidget parent_instance;
    GtkWidget *box; /* the one child */
    GtkStack *stack;
    CavWhyView *why, *origins, *trace;
    GtkDropDown *origin_dropdown;
    GtkStringList *origin_fields;
    GtkLabel *origins_label;
    GtkButton *further_button;
    CavChartView *chart;
    GtkButton *died_button, *pin_button, *export_button;
    GtkLabel *changes_label, *chart_label, *search_label;
    GtkListView *changes_view, *found_view;
    GtkDropDown *field_dropdown;
    GtkSearchEntry *search_entry;
    GtkStringList *changes, *found;

    History *history; /* borrowed */
    gint64 seq, pinned;
    gint64 why_seq, changes_seq, search_seq; /* what each page shows; -1: nothing yet */
    gint64 origins_seq, trace_seq;
    gint32 creature, origins_creature; /* 0: the player */
    guint origins_field;
    gint32 origins_turns; /* the turns Origins looks back over */
    gint64 chart_length;
    guint chart_field;
};

G_DEFINE_FINAL_TYPE(CavAnalysisView, cav_analysis_view, GTK_TYPE_WIDGET)

enum { SIGNAL_SEEK, SIGNAL_DECISION, N_SIGNALS };
static guint signals[N_SIGNALS];

static const AnalysisField chart_fields[] = {ANALYSIS_FIELD_HP, ANALYSIS_FIELD_MANA,
                                             ANALYSIS_FIELD_FOOD, ANALYSIS_FIELD_XP,
                                             ANALYSIS_FIELD_LEVEL};

static void forget(CavAnalysisView *self)
{
    self->why_seq = self->changes_seq = self->search_seq = -1;
    self->origins_seq = self->trace_seq = -1;
    self->chart_length = -1;
    self->origins_turns = ORIGINS_TURNS;
}

/* ---- why ---------------------------------------------------------------------- */

static gint64 lost_seq(const History *history)
{
    for (gint64 seq = history_length(history); seq >= 1; seq--) {
        const HistoryEntry *entry = history_entry(history, seq);
        if (entry->type == CAV_EVENT_GAME_LOST)
            return seq;
        if (entry->turn < history_turns(history) - 2)
            break;
    }
    return 0;
}

static AnalysisNode *node_make(AnalysisNodeKind kind, gint64 seq, char *text);

/* For a creature's action (not the player's): its decision, re-run,
 * under @tree and handed to the map ("decision"); NULL to the map else. */
static void add_decision(CavAnalysisView *self, gint64 seq, AnalysisNode *tree)
{
    const HistoryEntry *entry = seq >= 1 ? history_entry(self->history, seq) : NULL;
    g_autofree AnalysisDecision *decision = g_new0(AnalysisDecision, 1);
    g_autoptr(GError) error = NULL;

    if (tree == NULL || entry == NULL || entry->actor == 0 ||
        entry->actor == history_last_state(self->history)->player ||
        !analysis_explain(self->history, seq, decision, &error)) {
        if (error != NULL && !g_error_matches(error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
            g_ptr_array_add(tree->children,
                            node_make(ANALYSIS_NODE_GROUP, 0,
                                      g_strdup_printf("Why it did it: %s", error->message)));
        g_signal_emit(self, signals[SIGNAL_DECISION], 0, NULL);
        return;
    }
    g_ptr_array_insert(tree->children, 0, cav_decision_node(self->history, decision));
    g_signal_emit(self, signals[SIGNAL_DECISION], 0, decision);
}

static void show_why(CavAnalysisView *self, gint64 seq)
{
    g_autoptr(GError) error = NULL;
    AnalysisNode *tree = NULL;
    gboolean lost = FALSE;

    if (seq >= 1) {
        lost = history_entry(self->history, seq)->type == CAV_EVENT_GAME_LOST;
        tree = lost ? analysis_why_died(self->history, seq, WHY_TURNS, &error)
                    : analysis_why(self->history, seq, WHY_TURNS, &error);
    }
    if (!lost)
        add_decision(self, seq, tree);
    if (error != NULL) {
        g_autofree char *shown = ev_shown(error->message); /* it names the file */

        g_warning("cannot say why event %" G_GINT64_FORMAT " happened: %s", seq, shown);
    }
    cav_why_view_set_tree(self->why, tree);
    self->why_seq = seq;
}

gboolean cav_analysis_view_why_died(CavAnalysisView *self)
{
    gint64 lost;

    g_return_val_if_fail(CAV_IS_ANALYSIS_VIEW(self), FALSE);
    if (self->history == NULL || (lost = lost_seq(self->history)) == 0)
        return FALSE;
    gtk_stack_set_visible_child_name(self->stack, "why");
    g_signal_emit(self, signals[SIGNAL_SEEK], 0, lost);
    if (self->why_seq != lost)
        show_why(self, lost);
    return TRUE;
}

/* ---- changes ------------------------------------------------------------------ */

static void show_changes(CavAnalysisView *self)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) diff = analysis_diff(self->history, self->pinned, self->seq, &error);
    g_autofree char *label = NULL;
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);

    for (guint i = 0; diff != NULL && i < MIN(diff->len, CHANGES_MAX); i++) {
        GString *line = g_string_new(NULL);
        analysis_diff_describe(self->history, history_state(self->history),
                               &g_array_index(diff, AnalysisDiffEntry, i), line);
        g_ptr_array_add(lines, g_string_free(line, FALSE));
    }
    g_ptr_array_add(lines, NULL);
    gtk_string_list_splice(self->changes, 0, g_list_model_get_n_items(G_LIST_MODEL(self->changes)),
                           (const char *const *) lines->pdata);
    g_ptr_array_unref(lines);
    label = error != NULL ? g_strdup(error->message)
                          : g_strdup_printf("From event %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT
                                            ": %u changes",
                                            self->pinned, self->seq, diff->len);
    gtk_label_set_text(self->changes_label, label);
    self->changes_seq = self->seq;
}

void cav_analysis_view_pin(CavAnalysisView *self)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    self->pinned = self->seq;
    self->changes_seq = -1;
    if (self->history != NULL)
        show_changes(self);
}

/* ---- over time ---------------------------------------------------------------- */

/* The events that mark @creature's story: its death, levels gained, stairs. */
static GArray *markers_of(const History *history, gint32 creature)
{
    GArray *markers = g_array_new(FALSE, FALSE, sizeof(AnalysisPoint));

    for (gint64 seq = 1; seq <= history_length(history); seq++) {
        const HistoryEntry *e = history_entry(history, seq);
        AnalysisPoint marker = {seq, e->turn, e->type};
        /* The payload's first creature is the one who died, gained or climbed. */
        if ((e->type == CAV_EVENT_CREATURE_DIED || e->type == CAV_EVENT_LEVEL_GAINED ||
             e->type == CAV_EVENT_CREATURE_TOOK_STAIRS) &&
            e->creatures[0] == creature)
            g_array_append_val(markers, marker);
    }
    return markers;
}

/* How many events each played turn holds (not the setup, which dwarfs
 * them), as points at the turns' last events. */
static GArray *events_per_turn(const History *history)
{
    gint32 turns = 0;
    g_autofree guint32 *counts = analysis_events_per_turn(history, &turns);
    GArray *points = g_array_new(FALSE, FALSE, sizeof(AnalysisPoint));

    for (gint32 t = 1; t < turns; t++) {
        gint64 next = t + 1 < turns ? history_turn_start(history, t + 1) : 0;
        AnalysisPoint point = {next > 0 ? next - 1 : history_length(history), t, 0};
        for (guint type = 0; type < CAV_EVENT_TYPE_COUNT; type++)
            point.value += counts[(gsize) t * CAV_EVENT_TYPE_COUNT + type];
        g_array_append_val(points, point);
    }
    return points;
}

static void show_chart(CavAnalysisView *self)
{
    g_autoptr(GError) error = NULL;
    guint field = gtk_drop_down_get_selected(self->field_dropdown);
    gint32 player = history_last_state(self->history)->player;
    gint64 length = history_length(self->history);
    g_autoptr(GArray) points = NULL;
    g_autoptr(GArray) markers = NULL;
    g_autofree char *title = NULL;

    if (field >= G_N_ELEMENTS(chart_fields)) { /* the last choice: events per turn */
        points = events_per_turn(self->history);
        title = g_strdup_printf("events per turn, to event %" G_GINT64_FORMAT, length);
    } else {
        if (length > 0)
            points = analysis_series(self->history, player, chart_fields[field], 1, length, TRUE,
                                     &error);
        title =
            g_strdup_printf("your %s after each turn, to turn %d (event %" G_GINT64_FORMAT ")",
                            analysis_field_label(chart_fields[field]),
                            length > 0 ? history_entry(self->history, length)->turn : 0, length);
    }
    markers = markers_of(self->history, player);
    cav_chart_view_set_series(self->chart, points, title);
    cav_chart_view_set_markers(self->chart, markers);
    cav_chart_view_set_cursor(self->chart, self->seq);
    gtk_label_set_text(self->chart_label, error != NULL ? error->message : title);
    self->chart_length = length;
    self->chart_field = field;
}

void cav_analysis_view_export_chart(CavAnalysisView *self, const char *path)
{
    g_autoptr(GError) error = NULL;
    g_autofree char *text = NULL;

    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self) && path != NULL);
    if (cav_chart_view_export(self->chart, path, 1200, 400, &error))
        text = g_strdup_printf("The chart is saved in %s.", path);
    else
        text = g_strdup_printf("The chart was not saved. %s.", error->message);
    gtk_label_set_text(self->chart_label, text);
}

static void on_export_response(GtkNativeDialog *dialog, int response, gpointer user_data)
{
    CavAnalysisView *self = user_data;
    g_autoptr(GFile) file = NULL;
    g_autofree char *path = NULL;

    if (response == GTK_RESPONSE_ACCEPT) {
        file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(dialog));
        path = g_file_get_path(file);
        if (path != NULL)
            cav_analysis_view_export_chart(self, path);
    }
    g_object_unref(dialog);
}

static void on_export(GtkButton *button, gpointer user_data)
{
    CavAnalysisView *self = user_data;
    GtkNative *native = gtk_widget_get_native(GTK_WIDGET(self));
    GtkFileChooserNative *dialog = gtk_file_chooser_native_new(
        "Export Chart", GTK_IS_WINDOW(native) ? GTK_WINDOW(native) : NULL,
        GTK_FILE_CHOOSER_ACTION_SAVE, "_Export", "_Cancel");

    gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(dialog), "chart.png");
    g_signal_connect(dialog, "response", G_CALLBACK(on_export_response), self);
    gtk_native_dialog_show(GTK_NATIVE_DIALOG(dialog));
}

/* ---- where from and bus trace ------------------------------------------------------ */

static AnalysisNode *node_make(AnalysisNodeKind kind, gint64 seq, char *text)
{
    AnalysisNode *node = g_new0(AnalysisNode, 1);

    node->kind = kind;
    node->seq = seq;
    node->text = text;
    node->children = g_ptr_array_new_with_free_func((GDestroyNotify) analysis_node_free);
    return node;
}

/* One line for event @seq: "#12 turn 3: goblin 5 hit you for 7". */
static char *event_line(History *history, gint64 seq, const char *prefix)
{
    g_autoptr(GArray) events = g_array_new(FALSE, FALSE, sizeof(CavEvent));
    GString *line = g_string_new(prefix);

    g_string_append_printf(line, "#%" G_GINT64_FORMAT " turn %d: ", seq,
                           history_entry(history, seq)->turn);
    if (history_read(history, seq, seq, events, NULL))
        history_summary(history, &g_array_index(events, CavEvent, 0), line);
    return g_string_free(line, FALSE);
}

static gint32 followed(const CavAnalysisView *self)
{
    return self->creature != 0 ? self->creature : history_last_state(self->history)->player;
}

/* The event before the first of the turns "Origins" looks at. */
static gint64 origins_from(const CavAnalysisView *self)
{
    const HistoryEntry *entry = history_entry(self->history, self->seq);
    gint32 first = entry != NULL ? entry->turn - self->origins_turns + 1 : 0;
    gint64 start = first > 0 ? history_turn_start(self->history, first) : 0;

    return start > 0 ? MIN(start - 1, self->seq) : 0;
}

/* "your food at event 12: 30" (or "goblin 5's food…"), the page's label. */
static void origins_title(CavAnalysisView *self, gint32 creature, AnalysisField field,
                          GString *title)
{
    const CavState *state = history_state(self->history);
    const CavCreature *c = state_creature(state, creature);

    if (creature == history_last_state(self->history)->player)
        g_string_append(title, "your");
    else {
        history_append_name(self->history, CAV_REF_CREATURE, creature, title);
        g_string_append(title, "'s");
    }
    g_string_append_printf(title, " %s at event %" G_GINT64_FORMAT ": ",
                           analysis_field_label(field), self->seq);
    if (c != NULL)
        analysis_append_value(state, field, analysis_field_value(state, c, field), title);
}

/* The tree's root: how many events made the value, and over how many turns
 * when the game is longer than the turns looked at. */
static AnalysisNode *origins_root(CavAnalysisView *self, guint n_changes)
{
    g_autoptr(GString) text = g_string_new(NULL);

    g_string_append_printf(text, "%u %s made it", n_changes, n_changes == 1 ? "event" : "events");
    if (origins_from(self) > 0)
        g_string_append_printf(text, " in the last %d turns", self->origins_turns);
    else if (self->origins_turns > ORIGINS_TURNS)
        g_string_append(text, " in the whole game");
    g_string_append(text, n_changes > 0 ? ", newest first" : "");
    return node_make(ANALYSIS_NODE_GROUP, 0, g_strdup(text->str));
}

static void show_origins(CavAnalysisView *self)
{
    g_autoptr(GError) error = NULL;
    guint field = gtk_drop_down_get_selected(self->origin_dropdown);
    gint32 creature = followed(self);
    g_autoptr(GArray) changes = NULL;
    g_autoptr(GString) title = g_string_new(NULL);
    AnalysisNode *root;

    if (field >= ANALYSIS_FIELD_COUNT)
        field = 0;
    if (creature != self->origins_creature || field != self->origins_field)
        self->origins_turns = ORIGINS_TURNS; /* another value: the recent past again */
    changes =
        analysis_origins(self->history, creature, field, origins_from(self), self->seq, &error);
    origins_title(self, creature, field, title);
    root = origins_root(self, changes != NULL ? changes->len : 0);
    for (guint i = 0; changes != NULL && i < changes->len; i++) {
        const AnalysisChange *change = &g_array_index(changes, AnalysisChange, i);
        g_autoptr(GString) prefix = g_string_new(NULL);
        analysis_append_value(history_state(self->history), field, change->before, prefix);
        g_string_append(prefix, " → ");
        analysis_append_value(history_state(self->history), field, change->after, prefix);
        g_string_append(prefix, " by ");
        g_ptr_array_add(root->children,
                        node_make(ANALYSIS_NODE_EVENT, change->seq,
                                  event_line(self->history, change->seq, prefix->str)));
    }
    cav_why_view_set_tree(self->origins, root);
    gtk_label_set_text(self->origins_label, error != NULL ? error->message : title->str);
    gtk_widget_set_visible(GTK_WIDGET(self->further_button), origins_from(self) > 0);
    self->origins_seq = self->seq;
    self->origins_creature = creature;
    self->origins_field = field;
}

/* The follow-ups @delivery emitted, under its node, linked to the log's
 * events caused by @seq (@caused, in order; @next the first unmatched). */
static void add_follow_ups(History *history, AnalysisNode *node, const AnalysisDelivery *delivery,
                           const GArray *caused, guint *next)
{
    for (guint k = 0; k < delivery->follow_ups->len; k++) {
        const CavEvent *event = &g_array_index(delivery->follow_ups, CavEvent, k);
        gint64 seq = *next < caused->len ? g_array_index(caused, gint64, *next) : 0;
        GString *line = g_string_new("emitted ");
        (*next)++;
        g_string_append_printf(line, "%s: ", ev_type_name(event->type));
        history_summary(history, event, line);
        if (seq > 0)
            g_string_append_printf(line, " (logged as #%" G_GINT64_FORMAT ")", seq);
        else
            g_string_append(line, " (not logged: the game ended)");
        g_ptr_array_add(node->children,
                        node_make(ANALYSIS_NODE_EVENT, seq, g_string_free(line, FALSE)));
    }
}

static void show_trace(CavAnalysisView *self)
{
    g_autoptr(GError) error = NULL;
    g_autoptr(GPtrArray) trace = NULL;
    g_autoptr(GArray) caused = NULL;
    AnalysisNode *root;
    guint next = 0;

    self->trace_seq = self->seq;
    if (self->seq < 1) {
        cav_why_view_set_tree(self->trace, NULL);
        return;
    }
    trace = analysis_trace(self->history, self->seq, &error);
    caused = history_caused(self->history, self->seq);
    root = node_make(ANALYSIS_NODE_EVENT, self->seq, event_line(self->history, self->seq, ""));
    for (guint i = 0; trace != NULL && i < trace->len; i++) {
        const AnalysisDelivery *delivery = g_ptr_array_index(trace, i);
        AnalysisNode *node = node_make(ANALYSIS_NODE_GROUP, 0,
                                       g_strdup_printf("%u. policy %s", i + 1, delivery->policy));
        add_follow_ups(self->history, node, delivery, caused, &next);
        g_ptr_array_add(root->children, node);
    }
    if (error != NULL)
        g_ptr_array_add(root->children,
                        node_make(ANALYSIS_NODE_GROUP, 0, g_strdup(error->message)));
    else if (trace->len == 0)
        g_ptr_array_add(root->children,
                        node_make(ANALYSIS_NODE_GROUP, 0, g_strdup("no policy listens to it")));
    cav_why_view_set_tree(self->trace, root);
}

/* "Look Further Back": four times as many turns, up to the whole game. */
static void on_further(CavAnalysisView *self)
{
    self->origins_turns = MIN(self->origins_turns, G_MAXINT32 / 4) * 4;
    if (self->history != NULL)
        show_origins(self);
}

void cav_analysis_view_set_creature(CavAnalysisView *self, gint32 creature)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    self->creature = creature;
    self->origins_seq = -1;
    if (self->history != NULL && gtk_widget_get_mapped(GTK_WIDGET(self)) &&
        g_strcmp0(gtk_stack_get_visible_child_name(self->stack), "origins") == 0)
        show_origins(self);
}

/* ---- search ------------------------------------------------------------------- */

static char *describe_found(const History *history, const CavState *state, const CavRef *ref)
{
    GString *line = g_string_new(NULL);
    const CavCreature *c = ref->kind == CAV_REF_CREATURE ? state_creature(state, ref->id) : NULL;

    history_append_name(history, ref->kind, ref->id, line);
    if (c != NULL)
        g_string_append_printf(line, " — hp %d/%d, (%d,%d) on depth %d%s", c->hp, c->max_hp, c->x,
                               c->y, c->z + 1, c->alive ? "" : ", dead");
    return g_string_free(line, FALSE);
}

static void show_search(CavAnalysisView *self)
{
    const char *query = gtk_editable_get_text(GTK_EDITABLE(self->search_entry));
    g_autoptr(GError) error = NULL;
    g_autoptr(GArray) found = NULL;
    GPtrArray *lines = g_ptr_array_new_with_free_func(g_free);
    g_autofree char *label = NULL;

    if (query[0] != '\0')
        found = analysis_search(self->history, history_state(self->history), query, &error);
    for (guint i = 0; found != NULL && i < found->len; i++)
        g_ptr_array_add(lines, describe_found(self->history, history_state(self->history),
                                              &g_array_index(found, CavRef, i)));
    g_ptr_array_add(lines, NULL);
    gtk_string_list_splice(self->found, 0, g_list_model_get_n_items(G_LIST_MODEL(self->found)),
                           (const char *const *) lines->pdata);
    g_ptr_array_unref(lines);
    label = error != NULL ? g_strdup(error->message)
            : found != NULL
                ? g_strdup_printf("%u found at event %" G_GINT64_FORMAT, found->len, self->seq)
                : g_strdup("");
    gtk_label_set_text(self->search_label, label);
    self->search_seq = self->seq;
}

void cav_analysis_view_search(CavAnalysisView *self, const char *query)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    gtk_editable_set_text(GTK_EDITABLE(self->search_entry), query);
    if (self->history != NULL)
        show_search(self);
}

/* ---- keeping up ------------------------------------------------------------------ */

/* Bring the visible page up to date with the shown event. */
static void update(CavAnalysisView *self)
{
    const char *page = gtk_stack_get_visible_child_name(self->stack);

    /* Only a lost game has a death to explain: elsewhere the button is gone. */
    gtk_widget_set_visible(GTK_WIDGET(self->died_button),
                           self->history != NULL && lost_seq(self->history) != 0);
    if (self->history == NULL || !gtk_widget_get_mapped(GTK_WIDGET(self)))
        return;
    if (g_strcmp0(page, "why") == 0 && self->why_seq != self->seq)
        show_why(self, self->seq);
    else if (g_strcmp0(page, "changes") == 0 && self->changes_seq != self->seq)
        show_changes(self);
    else if (g_strcmp0(page, "time") == 0 &&
             (self->chart_length < 0 ||
              self->chart_field != gtk_drop_down_get_selected(self->field_dropdown)))
        show_chart(self);
    else if (g_strcmp0(page, "search") == 0 && self->search_seq != self->seq)
        show_search(self);
    else if (g_strcmp0(page, "origins") == 0 &&
             (self->origins_seq != self->seq || self->origins_creature != followed(self) ||
              self->origins_field != gtk_drop_down_get_selected(self->origin_dropdown)))
        show_origins(self);
    else if (g_strcmp0(page, "trace") == 0 && self->trace_seq != self->seq)
        show_trace(self);
}

/* Turned to the Search page, the focus goes to its field: typed on, a
 * query reached the window's one-key shortcuts ("b" of "goblin"). */
static void focus_search(CavAnalysisView *self)
{
    if (g_strcmp0(gtk_stack_get_visible_child_name(self->stack), "search") == 0 &&
        gtk_widget_get_mapped(GTK_WIDGET(self)))
        gtk_widget_grab_focus(GTK_WIDGET(self->search_entry));
}

void cav_analysis_view_set_history(CavAnalysisView *self, History *history)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    self->history = history;
    self->seq = self->pinned = 0;
    forget(self);
    cav_why_view_set_tree(self->why, NULL);
    cav_chart_view_set_series(self->chart, NULL, NULL);
    update(self);
}

void cav_analysis_view_set_event(CavAnalysisView *self, gint64 seq)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    self->seq = seq;
    cav_chart_view_set_cursor(self->chart, seq);
    update(self);
}

void cav_analysis_view_show_page(CavAnalysisView *self, const char *name)
{
    g_return_if_fail(CAV_IS_ANALYSIS_VIEW(self));
    gtk_stack_set_visible_child_name(self->stack, name);
    update(self);
}

GtkWidget *cav_analysis_view_get_why(CavAnalysisView *self)
{
    return GTK_WIDGET(self->why);
}

GtkWidget *cav_analysis_view_get_origins(CavAnalysisView *self)
{
    return GTK_WIDGET(self->origins);
}

GtkWidget *cav_analysis_view_get_trace(CavAnalysisView *self)
{
    return GTK_WIDGET(self->trace);
}

GtkWidget *cav_analysis_view_get_chart(CavAnalysisView *self)
{
    return GTK_WIDGET(self->chart);
}

GListModel *cav_analysis_view_get_changes(CavAnalysisView *self)
{
    return G_LIST_MODEL(self->changes);
}

GListModel *cav_analysis_view_get_found(CavAnalysisView *self)
{
    return G_LIST_MODEL(self->found);
}

/* Shown again: the chart takes in the events added since it was drawn (not
 * on every event of a followed game: a million events take 1.7 s). */
static void on_map(GtkWidget *widget, gpointer data)
{
    CavAnalysisView *self = CAV_ANALYSIS_VIEW(widget);

    self->chart_length = -1;
    update(self);
}

static void on_seek(GtkWidget *part, gint64 seq, gpointer self)
{
    g_signal_emit(self, signals[SIGNAL_SEEK], 0, seq);
}

static void on_died(GtkButton *button, gpointer self)
{
    cav_analysis_view_why_died(self);
}

static void on_pin(GtkButton *button, gpointer self)
{
    cav_analysis_view_pin(self);
}

static void on_search_changed(GtkSearchEntry *entry, gpointer self)
{
    if (CAV_ANALYSIS_VIEW(self)->history != NULL)
        show_search(self);
}

static void setup_label(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
    GtkWidget *label = gtk_label_new(NULL);

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_list_item_set_child(item, label);
}

static void bind_label(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
    GtkStringObject *text = gtk_list_item_get_item(item);

    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)),
                       gtk_string_object_get_string(text));
}

static void list_strings(GtkListView *view, GtkStringList *strings)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    GtkNoSelection *selection = gtk_no_selection_new(G_LIST_MODEL(g_object_ref(strings)));

    g_signal_connect(factory, "setup", G_CALLBACK(setup_label), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_label), NULL);
    gtk_list_view_set_factory(view, factory);
    gtk_list_view_set_model(view, GTK_SELECTION_MODEL(selection));
    g_object_unref(factory);
    g_object_unref(selection);
}

static void cav_analysis_view_dispose(GObject *object)
{
    CavAnalysisView *self = CAV_ANALYSIS_VIEW(object);

    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_ANALYSIS_VIEW);
    g_clear_pointer(&self->box, gtk_widget_unparent);
    g_clear_object(&self->changes);
    g_clear_object(&self->found);
    G_OBJECT_CLASS(cav_analysis_view_parent_class)->dispose(object);
}

#define BIND(name) gtk_widget_class_bind_template_child(widget_class, CavAnalysisView, name)

/* The view's own style (its switcher's widths), for every window of the
 * display it is first made on. */
static void add_style(void)
{
    g_autoptr(GtkCssProvider) provider = gtk_css_provider_new();
    GdkDisplay *display = gdk_display_get_default();

    if (display == NULL)
        return;
    gtk_css_provider_load_from_resource(provider, "/org/cavelog/Inspector/cav-analysis-view.css");
    gtk_style_context_add_provider_for_display(display, GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
}

static void cav_analysis_view_class_init(CavAnalysisViewClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    g_type_ensure(CAV_TYPE_WHY_VIEW);
    g_type_ensure(CAV_TYPE_CHART_VIEW);
    G_OBJECT_CLASS(klass)->dispose = cav_analysis_view_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-analysis-view.ui");
    BIND(box);
    BIND(stack);
    BIND(why);
    BIND(origins);
    BIND(trace);
    BIND(origin_dropdown);
    BIND(origin_fields);
    BIND(origins_label);
    BIND(further_button);
    BIND(chart);
    BIND(died_button);
    BIND(pin_button);
    BIND(export_button);
    BIND(changes_label);
    BIND(chart_label);
    BIND(search_label);
    BIND(changes_view);
    BIND(found_view);
    BIND(field_dropdown);
    BIND(search_entry);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    add_style();
    /* seek(seq): the user asked to see event seq. */
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
    /* (const AnalysisDecision *, nullable): the creature's decision the Why
     * page explains, for the map to draw */
    signals[SIGNAL_DECISION] = g_signal_new("decision", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void cav_analysis_view_init(CavAnalysisView *self)
{
    gtk_widget_init_template(GTK_WIDGET(self));
    forget(self);
    self->changes = gtk_string_list_new(NULL);
    self->found = gtk_string_list_new(NULL);
    list_strings(self->changes_view, self->changes);
    list_strings(self->found_view, self->found);
    g_signal_connect(self->why, "seek", G_CALLBACK(on_seek), self);
    g_signal_connect(self->origins, "seek", G_CALLBACK(on_seek), self);
    g_signal_connect_swapped(self->further_button, "clicked", G_CALLBACK(on_further), self);
    g_signal_connect(self->trace, "seek", G_CALLBACK(on_seek), self);
    for (guint f = 0; f < ANALYSIS_FIELD_COUNT; f++)
        gtk_string_list_append(self->origin_fields, analysis_field_label(f));
    g_signal_connect_swapped(self->origin_dropdown, "notify::selected", G_CALLBACK(update), self);
    g_signal_connect(self->chart, "seek", G_CALLBACK(on_seek), self);
    g_signal_connect(self->died_button, "clicked", G_CALLBACK(on_died), self);
    g_signal_connect(self->pin_button, "clicked", G_CALLBACK(on_pin), self);
    g_signal_connect(self->export_button, "clicked", G_CALLBACK(on_export), self);
    g_signal_connect(self->search_entry, "search-changed", G_CALLBACK(on_search_changed), self);
    g_signal_connect_swapped(self->stack, "notify::visible-child", G_CALLBACK(update), self);
    g_signal_connect_swapped(self->stack, "notify::visible-child", G_CALLBACK(focus_search), self);
    g_signal_connect_swapped(self->field_dropdown, "notify::selected", G_CALLBACK(update), self);
    g_signal_connect(self, "map", G_CALLBACK(on_map), NULL);
}

GtkWidget *cav_analysis_view_new(void)
{
    return g_object_new(CAV_TYPE_ANALYSIS_VIEW, NULL);
}
