package io.baton.core.interference;

/**
 * The two roles a device plays in the paper's interference analysis (§III-A). A {@code GPU} hosts the
 * shared execution units; an {@code ACCELERATOR} (the Xavier's DLA, an NPU) runs whole models but falls back
 * to the GPU for layers it cannot run, so its tasks contend for the GPU's execution units as well as for the
 * shared memory controller. Profiles and the predictor's sub-models are keyed by class, not by device: the
 * paper profiles each model once "on the GPU and on a DLA" and treats DLA0 and DLA1 alike.
 */
public enum DeviceClass {
    GPU,
    ACCELERATOR
}
