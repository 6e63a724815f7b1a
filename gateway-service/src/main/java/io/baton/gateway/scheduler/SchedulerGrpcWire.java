package io.baton.gateway.scheduler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.gateway.GatewayException;
import io.baton.internal.grpc.EnsembleMemberCall;
import io.baton.internal.grpc.EnsembleMemberServed;
import io.baton.internal.grpc.EnsembleQueryCall;
import io.baton.internal.grpc.EnsembleServed;
import io.baton.internal.grpc.InferCall;
import io.baton.internal.grpc.RawTensor;
import io.baton.internal.grpc.Served;

/**
 * {@link SchedulerCall} and {@link SchedulerAnswer} as the scheduler's gRPC intake carries them: tensors as their
 * raw little-endian bytes, neither base64 nor JSON on the hop. The call's tensors are not copied: the message wraps
 * their buffers, which nothing changes while the call is sent.
 */
final class SchedulerGrpcWire {

    private SchedulerGrpcWire() {
    }

    static InferCall encode(SchedulerCall call) {
        InferCall.Builder b = InferCall.newBuilder()
                .setApplication(call.application())
                .setTimeoutMs(call.timeoutMs())
                .setPriority(call.priority());
        if (call.variant() != null) b.setVariant(call.variant());
        if (call.stage() != null) b.setStage(call.stage());
        for (Tensor t : call.inputs()) b.addInputs(raw(t));
        if (call.outputs() != null) b.addAllOutputs(call.outputs());
        if (call.evidence() != null) {
            for (double e : call.evidence()) b.addEvidence(e);
        }
        return b.build();
    }

    static SchedulerAnswer decode(Served served) {
        return new SchedulerAnswer(served.getApplication(), served.getVariant(), served.getWorkerId(),
                served.getBatchSize(), tensors(served.getOutputsList()), served.getQueueMs(), served.getExecutionMs(),
                served.getTotalMs());
    }

    static EnsembleQueryCall encode(EnsembleCall call) {
        EnsembleQueryCall.Builder b = EnsembleQueryCall.newBuilder()
                .setApplication(call.application())
                .setTimeoutMs(call.timeoutMs())
                .setPriority(call.priority());
        if (call.difficulty() != null) b.setDifficulty(call.difficulty());
        for (EnsembleCall.Member m : call.members()) {
            EnsembleMemberCall.Builder member = EnsembleMemberCall.newBuilder().setVariant(m.variant());
            for (Tensor t : m.inputs()) member.addInputs(raw(t));
            if (m.outputs() != null) member.addAllOutputs(m.outputs());
            b.addMembers(member);
        }
        return b.build();
    }

    static EnsembleAnswer decode(EnsembleServed served) {
        List<EnsembleAnswer.Ran> ran = new ArrayList<>(served.getMembersCount());
        for (EnsembleMemberServed m : served.getMembersList()) {
            if (m.hasFailure()) {
                ran.add(new EnsembleAnswer.Ran(m.getVariant(), null, m.getFailure()));
                continue;
            }
            ran.add(new EnsembleAnswer.Ran(m.getVariant(), new SchedulerAnswer(served.getApplication(), m.getVariant(),
                    m.getWorkerId(), m.getBatchSize(), tensors(m.getOutputsList()), m.getQueueMs(), m.getExecutionMs(),
                    served.getTotalMs()), null));
        }
        return new EnsembleAnswer(ran, List.copyOf(served.getSkippedList()), served.getBin(),
                served.getPlannedUtility(), served.getTotalMs());
    }

    /** A tensor as raw bytes: its buffer wrapped, not copied. */
    private static RawTensor raw(Tensor t) {
        RawTensor.Builder raw = RawTensor.newBuilder().setName(t.name()).setDatatype(t.datatype().name());
        for (long d : t.shape()) raw.addShape(d);
        return raw.setData(UnsafeByteOperations.unsafeWrap(t.data().duplicate())).build();
    }

    /** Answered tensors, each checked: an OIP datatype, no negative dimension, as many bytes as its shape holds. */
    private static List<Tensor> tensors(List<RawTensor> raw) {
        List<Tensor> outputs = new ArrayList<>(raw.size());
        for (RawTensor o : raw) {
            Datatype type = Datatype.named(o.getDatatype());
            if (type == null) {
                throw unreadable("output '" + o.getName() + "' has datatype '" + o.getDatatype()
                        + "', not an OIP datatype");
            }
            long[] shape = new long[o.getShapeCount()];
            for (int i = 0; i < shape.length; i++) {
                shape[i] = o.getShape(i);
                if (shape[i] < 0) throw unreadable("output '" + o.getName() + "' has shape " + o.getShapeList());
            }
            try {
                outputs.add(new Tensor(o.getName(), type, shape, ByteBuffer.wrap(o.getData().toByteArray())));
            } catch (IllegalArgumentException e) {
                throw unreadable(e.getMessage());
            }
        }
        return outputs;
    }

    private static GatewayException unreadable(String why) {
        return GatewayException.badGateway("scheduler-failed", "scheduler answered what the gateway cannot read: " + why);
    }
}
