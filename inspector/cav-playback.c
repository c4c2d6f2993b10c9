/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cav-playback.c — play by the frame clock: each frame moves to the step
 * that many steps after the start the speed asks for by now, however long
 * frames take, so 1000 events/s plays 1000 a second. */
#include "cav-playback.h"

struct _CavPlayback {
    GObject parent_instance;
    GtkWidget *clock; /* not referenced */
    CavPlaybackAdvance advance;
    gpointer user_data;
    GtkButton *button;   /* or NULL */
    GtkDropDown *speeds; /* or NULL */
    guint per_second;
    guint tick;    /* the tick callback while playing, or 0 */
    gint64 start;  /* frame time (us) playing started at, or 0 */
    gint64 played; /* steps played since then */
};

G_DEFINE_FINAL_TYPE(CavPlayback, cav_playback, G_TYPE_OBJECT)

enum { PROP_0, PROP_PLAYING, N_PROPS };
static GParamSpec *props[N_PROPS];

/* The steps a second of the speed menu's items. */
static const guint speed_items[] = {2, 10, 50, 250, 1000};

/* The button shows what a click does not: pause while playing. */
static void show_state(CavPlayback *self)
{
    if (self->button != NULL)
        gtk_button_set_icon_name(self->button, self->tick != 0 ? "media-playback-pause-symbolic"
                                                               : "media-playback-start-symbolic");
}

static gboolean play_frame(GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
    CavPlayback *self = user_data;
    gint64 now = gdk_frame_clock_get_frame_time(clock), due, steps;

    if (self->start == 0) {
        self->start = now;
        self->played = 0;
    }
    due = (now - self->start) * self->per_second / G_USEC_PER_SEC + 1;
    if (due <= self->played)
        return G_SOURCE_CONTINUE;
    steps = due - self->played;
    self->played = due;
    if (!self->advance(steps, self->user_data)) { /* the end: stop */
        self->tick = 0;
        show_state(self);
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_PLAYING]);
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/* Stop, and play again from now when @playing. */
static void restart(CavPlayback *self, gboolean playing)
{
    if (self->tick != 0)
        gtk_widget_remove_tick_callback(self->clock, self->tick);
    self->tick = 0;
    self->start = 0;
    if (playing)
        self->tick = gtk_widget_add_tick_callback(self->clock, play_frame, self, NULL);
}

void cav_playback_set_playing(CavPlayback *self, gboolean playing)
{
    gboolean was;

    g_return_if_fail(CAV_IS_PLAYBACK(self));
    was = self->tick != 0;
    restart(self, playing);
    show_state(self);
    if (was != playing)
        g_object_notify_by_pspec(G_OBJECT(self), props[PROP_PLAYING]);
}

gboolean cav_playback_get_playing(CavPlayback *self)
{
    g_return_val_if_fail(CAV_IS_PLAYBACK(self), FALSE);
    return self->tick != 0;
}

void cav_playback_set_speed(CavPlayback *self, guint per_second)
{
    g_return_if_fail(CAV_IS_PLAYBACK(self));
    self->per_second = per_second;
    restart(self, self->tick != 0);
}

static void on_speed_chosen(CavPlayback *self)
{
    guint item = gtk_drop_down_get_selected(self->speeds);

    cav_playback_set_speed(self, speed_items[MIN(item, G_N_ELEMENTS(speed_items) - 1)]);
}

void cav_playback_bind_controls(CavPlayback *self, GtkButton *button, GtkDropDown *speeds)
{
    g_return_if_fail(CAV_IS_PLAYBACK(self) && GTK_IS_BUTTON(button) && GTK_IS_DROP_DOWN(speeds));
    self->button = button;
    self->speeds = speeds;
    g_signal_connect_object(speeds, "notify::selected", G_CALLBACK(on_speed_chosen), self,
                            G_CONNECT_SWAPPED);
    on_speed_chosen(self);
    show_state(self);
}

static void cav_playback_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
    CavPlayback *self = CAV_PLAYBACK(object);

    if (id == PROP_PLAYING)
        g_value_set_boolean(value, self->tick != 0);
    else
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void cav_playback_dispose(GObject *object)
{
    CavPlayback *self = CAV_PLAYBACK(object);

    if (self->tick != 0)
        gtk_widget_remove_tick_callback(self->clock, self->tick);
    self->tick = 0;
    G_OBJECT_CLASS(cav_playback_parent_class)->dispose(object);
}

static void cav_playback_class_init(CavPlaybackClass *klass)
{
    GObjectClass *object_class = G_OBJECT_CLASS(klass);

    object_class->get_property = cav_playback_get_property;
    object_class->dispose = cav_playback_dispose;
    props[PROP_PLAYING] = g_param_spec_boolean("playing", NULL, NULL, FALSE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, props);
}

static void cav_playback_init(CavPlayback *self)
{
    self->per_second = 1;
}

CavPlayback *cav_playback_new(GtkWidget *clock, CavPlaybackAdvance advance, gpointer user_data)
{
    CavPlayback *self = g_object_new(CAV_TYPE_PLAYBACK, NULL);

    g_return_val_if_fail(GTK_IS_WIDGET(clock) && advance != NULL, self);
    self->clock = clock;
    self->advance = advance;
    self->user_data = user_data;
    return self;
}
