package io.baton.gateway.grpc;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.SecurityLevel;
import io.grpc.ServerCall;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;

/**
 * A service whose calls refuse what grpc-java itself would answer as a server fault: bytes that are not the method's
 * request message (grpc-java answers UNKNOWN "Application error processing RPC" and logs a stack trace), and a unary
 * call with no request or with more than one (INTERNAL "Half-closed without a request", "Too many requests"). Each is
 * INVALID_ARGUMENT naming what is wrong, with {@code baton-reason: invalid-request}, as any other bad input.
 *
 * <p>The request is parsed by a marshaller that never throws: it hands the listener either the message or what the
 * protobuf parser found wrong, and the listener refuses the call through the call the interceptors see, so the
 * refusal is serialised with {@link ReceiveDeadline}'s close.
 */
final class StrictRequests {

    private StrictRequests() {
    }

    /** The service with every method's request parsed this way; names, types and handlers otherwise unchanged. */
    static ServerServiceDefinition of(ServerServiceDefinition service) {
        ServiceDescriptor original = service.getServiceDescriptor();
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(original.getName())
                .setSchemaDescriptor(original.getSchemaDescriptor());
        List<ServerMethodDefinition<?, ?>> methods = new ArrayList<>();
        for (ServerMethodDefinition<?, ?> m : service.getMethods()) {
            ServerMethodDefinition<?, ?> strict = strict(m);
            methods.add(strict);
            descriptor.addMethod(strict.getMethodDescriptor());
        }
        ServerServiceDefinition.Builder b = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(b::addMethod);
        return b.build();
    }

    private static <Q, A> ServerMethodDefinition<Received<Q>, A> strict(ServerMethodDefinition<Q, A> m) {
        MethodDescriptor<Q, A> method = m.getMethodDescriptor();
        MethodDescriptor<Received<Q>, A> parsed = method.toBuilder(new Parsing<>(method), method.getResponseMarshaller())
                .build();
        return ServerMethodDefinition.create(parsed, (call, headers) -> {
            ServerCall.Listener<Q> next = m.getServerCallHandler().startCall(new Unwrapped<>(call, method), headers);
            return new Refusing<>(call, next, method);
        });
    }

    /** A request as read off the wire: the message, or what makes the bytes not one. */
    record Received<Q>(Q message, String fault) {
    }

    /** The method's own marshaller, its failure kept as a fault instead of thrown. */
    private record Parsing<Q>(MethodDescriptor<Q, ?> method) implements MethodDescriptor.Marshaller<Received<Q>> {

        @Override
        public InputStream stream(Received<Q> value) {
            return method.streamRequest(value.message());
        }

        @Override
        public Received<Q> parse(InputStream stream) {
            try {
                return new Received<>(method.parseRequest(stream), null);
            } catch (RuntimeException e) {
                // grpc-java's protobuf marshaller throws INTERNAL "Invalid protobuf byte sequence", caused by the
                // parser's own account (truncated, a bad tag, invalid UTF-8, nested too deep): that account is said
                Throwable why = e.getCause() != null ? e.getCause() : e;
                String said = why.getMessage() == null || why.getMessage().isBlank() ? "it cannot be parsed"
                        : why.getMessage().strip();
                return new Received<>(null, "the request is not a valid " + requestName(method) + " message: "
                        + said);
            }
        }
    }

    /** The request message's name, as the proto names it (inference.ModelInferRequest), else the method's. */
    static String requestName(MethodDescriptor<?, ?> method) {
        if (method.getRequestMarshaller() instanceof MethodDescriptor.PrototypeMarshaller<?> p
                && p.getMessagePrototype() instanceof com.google.protobuf.Message message) {
            return message.getDescriptorForType().getFullName();
        }
        return method.getFullMethodName() + " request";
    }

    /** The listener the service sees, given only whole, parsed requests, as many as the method takes. */
    private static final class Refusing<Q, A> extends ServerCall.Listener<Received<Q>> {
        private final ServerCall<Received<Q>, A> call;
        private final ServerCall.Listener<Q> next;
        private final MethodDescriptor<Q, A> method;
        private final boolean oneRequest;
        private int requests;
        private boolean refused;

        Refusing(ServerCall<Received<Q>, A> call, ServerCall.Listener<Q> next, MethodDescriptor<Q, A> method) {
            this.call = call;
            this.next = next;
            this.method = method;
            this.oneRequest = method.getType().clientSendsOneMessage();
        }

        @Override
        public void onMessage(Received<Q> request) {
            if (refused) {
                return;
            }
            if (request.fault() != null) {
                refuse(request.fault());
            } else if (oneRequest && ++requests > 1) {
                refuse(method.getBareMethodName() + " takes one request message per call; a second one came");
            } else {
                next.onMessage(request.message());
            }
        }

        @Override
        public void onHalfClose() {
            if (refused) {
                return;
            }
            if (oneRequest && requests == 0) {
                refuse(method.getBareMethodName() + " takes one request message per call; the call ended without it");
            } else {
                next.onHalfClose();
            }
        }

        @Override
        public void onCancel() {
            next.onCancel();
        }

        @Override
        public void onComplete() {
            next.onComplete();
        }

        @Override
        public void onReady() {
            if (!refused) {
                next.onReady();
            }
        }

        private void refuse(String why) {
            refused = true;
            Metadata trailers = new Metadata();
            trailers.put(GrpcStatuses.REASON, "invalid-request");
            call.close(Status.INVALID_ARGUMENT.withDescription(why), trailers);
        }
    }

    /** The call as the service's handler and the interceptors inside it see it: its original method and types. */
    private static final class Unwrapped<Q, A> extends ServerCall<Q, A> {
        private final ServerCall<Received<Q>, A> call;
        private final MethodDescriptor<Q, A> method;

        Unwrapped(ServerCall<Received<Q>, A> call, MethodDescriptor<Q, A> method) {
            this.call = call;
            this.method = method;
        }

        @Override
        public void request(int numMessages) {
            call.request(numMessages);
        }

        @Override
        public void sendHeaders(Metadata headers) {
            call.sendHeaders(headers);
        }

        @Override
        public void sendMessage(A message) {
            call.sendMessage(message);
        }

        @Override
        public void close(Status status, Metadata trailers) {
            call.close(status, trailers);
        }

        @Override
        public boolean isCancelled() {
            return call.isCancelled();
        }

        @Override
        public boolean isReady() {
            return call.isReady();
        }

        @Override
        public void setMessageCompression(boolean enabled) {
            call.setMessageCompression(enabled);
        }

        @Override
        public void setCompression(String compressor) {
            call.setCompression(compressor);
        }

        @Override
        public void setOnReadyThreshold(int numBytes) {
            call.setOnReadyThreshold(numBytes);
        }

        @Override
        public SecurityLevel getSecurityLevel() {
            return call.getSecurityLevel();
        }

        @Override
        public Attributes getAttributes() {
            return call.getAttributes();
        }

        @Override
        public String getAuthority() {
            return call.getAuthority();
        }

        @Override
        public MethodDescriptor<Q, A> getMethodDescriptor() {
            return method;
        }
    }
}
