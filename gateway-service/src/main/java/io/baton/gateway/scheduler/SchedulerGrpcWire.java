package io.baton.gateway.scheduler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import com.google.protobuf.UnsafeByteOperations;

import io.baton.commons.tensor.Datatype;
import io.baton.commons.tensor.Tensor;
import io.baton.gateway.GatewayException;
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
        for (Tensor t : call.inputs()) {
            RawTensor.Builder raw = RawTensor.newBuilder().setName(t.name()).setDatatype(t.datatype().name());
            for (long d : t.shape()) raw.addShape(d);
            raw.setData(UnsafeByteOperations.unsafeWrap(t.data().duplicate()));
            b.addInputs(raw);
        }
        if (call.outputs() != null) b.addAllOutputs(call.outputs());
        if (call.evidence() != null) {
            for (double e : call.evidence()) b.addEvidence(e);
        }
        return b.build();
    }

    static SchedulerAnswer decode(Served served) {
        List<Tensor> outputs = new ArrayList<>(served.getOutputsCount());
        for (RawTensor o : served.getOutputsList()) {
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
        return new SchedulerAnswer(served.getApplication(), served.getVariant(), served.getWorkerId(),
                served.getBatchSize(), outputs, served.getQueueMs(), served.getExecutionMs(), served.getTotalMs());
    }

    private static GatewayException unreadable(String why) {
        return GatewayException.badGateway("scheduler-failed", "scheduler answered what the gateway cannot read: " + why);
    }
}
