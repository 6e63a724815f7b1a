package io.baton.scheduler.dispatch;

/**
 * An {@link Engine} whose state belongs to one {@link EventLoop}'s thread: work reaches that thread as a message, and
 * closing stops the thread before the engine answers what it still holds (so nothing it holds changes meanwhile).
 *
 * @param <W> the unit of work this engine takes
 */
abstract class LoopEngine<W> implements Engine<W> {

    /** The engine's thread; the subclass starts it once its own state is set up. */
    final EventLoop loop;

    LoopEngine(EventLoop loop) {
        this.loop = loop;
    }

    @Override
    public final void submit(W work) {
        loop.post(() -> arrive(work));
    }

    @Override
    public final void close() {
        loop.stop();
        answerLeftovers();
    }

    /** Takes one unit of work (the engine's thread). */
    abstract void arrive(W work);

    /** Answers the work still held once the thread has stopped: the scheduler is shutting down. */
    abstract void answerLeftovers();
}
