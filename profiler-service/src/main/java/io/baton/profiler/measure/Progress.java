package io.baton.profiler.measure;

/** How a measurement reports its steps and learns that it should stop. */
public interface Progress {

    /** One step done (loading, one batch size, the evaluation). */
    void step();

    /** Throws {@link Cancelled} when the job was cancelled; called before every run of the model. */
    void checkCancelled();

    Progress NONE = new Progress() {
        @Override
        public void step() {
        }

        @Override
        public void checkCancelled() {
        }
    };
}
