/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-why-view.c — the "why" tree in a GtkListView over a GtkTreeListModel.
 * Rows wrap the tree's nodes; each row keeps the whole tree alive, so rows
 * still bound while a new tree comes in never point at freed nodes. */
#include "cav-why-view.h"

/* The tree, shared by the view and every row. */
typedef struct {
    AnalysisNode *root;
} WhyTree;

static void why_tree_clear(gpointer data)
{
    analysis_node_free(((WhyTree *) data)->root);
}

#define CAV_TYPE_WHY_ROW (cav_why_row_get_type())
G_DECLARE_FINAL_TYPE(CavWhyRow, cav_why_row, CAV, WHY_ROW, GObject)

struct _CavWhyRow {
    GObject parent_instance;
    WhyTree *tree; /* a reference */
    const AnalysisNode *node;
};

G_DEFINE_FINAL_TYPE(CavWhyRow, cav_why_row, G_TYPE_OBJECT)

static void cav_why_row_finalize(GObject *object)
{
    g_rc_box_release_full(CAV_WHY_ROW(object)->tree, why_tree_clear);
    G_OBJECT_CLASS(cav_why_row_parent_class)->finalize(object);
}

static void cav_why_row_class_init(CavWhyRowClass *klass)
{
    G_OBJECT_CLASS(klass)->finalize = cav_why_row_finalize;
}

static void cav_why_row_init(CavWhyRow *self)
{
}

static CavWhyRow *why_row_new(WhyTree *tree, const AnalysisNode *node)
{
    CavWhyRow *row = g_object_new(CAV_TYPE_WHY_ROW, NULL);

    row->tree = g_rc_box_acquire(tree);
    row->node = node;
    return row;
}

struct _CavWhyView {
    GtkWidget parent_instance;
    GtkWidget *scroller;
    GtkListView *list;
    GtkSingleSelection *selection;
    WhyTree *tree; /* a reference, or NULL */
};

G_DEFINE_FINAL_TYPE(CavWhyView, cav_why_view, GTK_TYPE_WIDGET)

enum { SIGNAL_SEEK, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The rows of @node's children, for the tree model; NULL for a leaf. */
static GListModel *children_of(gpointer item, gpointer user_data)
{
    CavWhyRow *row = item;
    GListStore *store;

    if (row->node->children->len == 0)
        return NULL;
    store = g_list_store_new(CAV_TYPE_WHY_ROW);
    for (guint i = 0; i < row->node->children->len; i++) {
        g_autoptr(CavWhyRow) child =
            why_row_new(row->tree, g_ptr_array_index(row->node->children, i));
        g_list_store_append(store, child);
    }
    return G_LIST_MODEL(store);
}

/* A word before each node's text, so that kinds read apart without icons. */
static const char *const kind_words[] = {
    [ANALYSIS_NODE_EVENT] = "",        [ANALYSIS_NODE_COMMAND] = "command:",
    [ANALYSIS_NODE_DECISION] = "",     [ANALYSIS_NODE_PLACED] = "placed by",
    [ANALYSIS_NODE_HP_CHANGE] = "hp:", [ANALYSIS_NODE_ITEM] = "carried:",
    [ANALYSIS_NODE_GROUP] = "",
};

static void setup_row(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
    GtkWidget *expander = gtk_tree_expander_new();
    GtkWidget *label = gtk_label_new(NULL);

    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_label_set_ellipsize(GTK_LABEL(label), PANGO_ELLIPSIZE_END);
    gtk_tree_expander_set_child(GTK_TREE_EXPANDER(expander), label);
    gtk_list_item_set_child(item, expander);
}

static void bind_row(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
    GtkTreeListRow *tree_row = gtk_list_item_get_item(item);
    GtkWidget *expander = gtk_list_item_get_child(item);
    CavWhyRow *row = gtk_tree_list_row_get_item(tree_row);
    GtkWidget *label = gtk_tree_expander_get_child(GTK_TREE_EXPANDER(expander));
    g_autofree char *text = NULL;

    gtk_tree_expander_set_list_row(GTK_TREE_EXPANDER(expander), tree_row);
    text = kind_words[row->node->kind][0] != '\0'
               ? g_strdup_printf("%s %s", kind_words[row->node->kind], row->node->text)
               : g_strdup(row->node->text);
    gtk_label_set_text(GTK_LABEL(label), text);
    gtk_widget_set_tooltip_text(label, row->node->text);
    if (row->node->kind == ANALYSIS_NODE_GROUP)
        gtk_widget_add_css_class(label, "heading");
    else
        gtk_widget_remove_css_class(label, "heading");
    g_object_unref(row);
}

/* The node of row @position, or NULL. */
static const AnalysisNode *node_at(CavWhyView *self, guint position)
{
    g_autoptr(GtkTreeListRow) tree_row = NULL;
    g_autoptr(CavWhyRow) row = NULL;
    GListModel *model = gtk_single_selection_get_model(self->selection);

    if (model == NULL || position >= g_list_model_get_n_items(model))
        return NULL;
    tree_row = g_list_model_get_item(model, position);
    row = gtk_tree_list_row_get_item(tree_row);
    return row->node;
}

void cav_why_view_activate_row(CavWhyView *self, guint position)
{
    const AnalysisNode *node;

    g_return_if_fail(CAV_IS_WHY_VIEW(self));
    node = node_at(self, position);
    if (node != NULL && node->seq > 0)
        g_signal_emit(self, signals[SIGNAL_SEEK], 0, node->seq);
}

static void on_activate(GtkListView *list, guint position, gpointer self)
{
    cav_why_view_activate_row(self, position);
}

void cav_why_view_set_tree(CavWhyView *self, AnalysisNode *tree)
{
    g_autoptr(GListStore) roots = g_list_store_new(CAV_TYPE_WHY_ROW);
    WhyTree *holder = NULL;

    g_return_if_fail(CAV_IS_WHY_VIEW(self));
    if (tree != NULL) {
        g_autoptr(CavWhyRow) root = NULL;
        holder = g_rc_box_new0(WhyTree);
        holder->root = tree;
        root = why_row_new(holder, tree);
        g_list_store_append(roots, root);
    }
    g_autoptr(GtkTreeListModel) model = gtk_tree_list_model_new(
        G_LIST_MODEL(g_steal_pointer(&roots)), FALSE, TRUE, children_of, NULL, NULL);

    gtk_single_selection_set_model(self->selection, G_LIST_MODEL(model));
    if (self->tree != NULL)
        g_rc_box_release_full(self->tree, why_tree_clear);
    self->tree = holder;
}

const AnalysisNode *cav_why_view_get_tree(CavWhyView *self)
{
    g_return_val_if_fail(CAV_IS_WHY_VIEW(self), NULL);
    return self->tree != NULL ? self->tree->root : NULL;
}

char *cav_why_view_dump_rows(CavWhyView *self)
{
    GListModel *model = gtk_single_selection_get_model(self->selection);
    GString *out = g_string_new(NULL);

    for (guint i = 0; model != NULL && i < g_list_model_get_n_items(model); i++) {
        g_autoptr(GtkTreeListRow) tree_row = g_list_model_get_item(model, i);
        g_autoptr(CavWhyRow) row = gtk_tree_list_row_get_item(tree_row);
        for (guint d = 0; d < gtk_tree_list_row_get_depth(tree_row); d++)
            g_string_append(out, "  ");
        g_string_append_printf(out, "%s\n", row->node->text);
    }
    return g_string_free(out, FALSE);
}

static void cav_why_view_dispose(GObject *object)
{
    CavWhyView *self = CAV_WHY_VIEW(object);

    gtk_widget_dispose_template(GTK_WIDGET(self), CAV_TYPE_WHY_VIEW);
    g_clear_object(&self->selection);
    if (self->tree != NULL)
        g_rc_box_release_full(g_steal_pointer(&self->tree), why_tree_clear);
    G_OBJECT_CLASS(cav_why_view_parent_class)->dispose(object);
}

static void cav_why_view_class_init(CavWhyViewClass *klass)
{
    GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

    G_OBJECT_CLASS(klass)->dispose = cav_why_view_dispose;
    gtk_widget_class_set_template_from_resource(widget_class,
                                                "/org/cavelog/Inspector/cav-why-view.ui");
    gtk_widget_class_bind_template_child(widget_class, CavWhyView, scroller);
    gtk_widget_class_bind_template_child(widget_class, CavWhyView, list);
    gtk_widget_class_set_layout_manager_type(widget_class, GTK_TYPE_BIN_LAYOUT);
    /* seek(seq): the user asked to see event seq. */
    signals[SIGNAL_SEEK] = g_signal_new("seek", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void cav_why_view_init(CavWhyView *self)
{
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();

    gtk_widget_init_template(GTK_WIDGET(self));
    self->selection = gtk_single_selection_new(NULL);
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    gtk_list_view_set_factory(self->list, factory);
    g_object_unref(factory);
    gtk_list_view_set_model(self->list, GTK_SELECTION_MODEL(self->selection));
    g_signal_connect(self->list, "activate", G_CALLBACK(on_activate), self);
}

GtkWidget *cav_why_view_new(void)
{
    return g_object_new(CAV_TYPE_WHY_VIEW, NULL);
}
