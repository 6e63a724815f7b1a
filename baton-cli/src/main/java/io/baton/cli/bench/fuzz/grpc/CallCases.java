package io.baton.cli.bench.fuzz.grpc;

import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.MODEL_INFER;
import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.MODEL_STREAM_INFER;
import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.SERVICE;
import static io.baton.cli.bench.fuzz.grpc.GrpcMessages.valid;

import io.baton.cli.bench.fuzz.FuzzTarget;
import io.baton.oip.grpc.ModelMetadataRequest;
import io.baton.oip.grpc.ModelReadyRequest;
import io.baton.oip.grpc.RepositoryIndexRequest;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * What is wrong around the message: bytes that are not a protobuf message sent through the real method, unknown
 * methods, a unary call with no request or two, the other RPCs with odd names, metadata that lies, calls cancelled
 * midway, clients that send slowly or never half-close, and streams mixing good and bad requests.
 */
final class CallCases {
    private CallCases() {}

    static GrpcMade protobuf(Random r, GrpcTarget g) {
        byte[] good = valid(g.target(), r.nextBoolean()).build().toByteArray();
        switch (r.nextInt(9)) {
            case 0 -> {
                int at = 1 + r.nextInt(good.length - 1);
                return GrpcMade.refuse("the valid request cut after " + at + " of " + good.length + " bytes", MODEL_INFER,
                        Arrays.copyOf(good, at));
            }
            case 1 -> {
                byte[] b = new byte[1 + r.nextInt(64)];
                r.nextBytes(b);
                return new GrpcMade(b.length + " random bytes", MODEL_INFER, List.of(b), List.of(), GrpcDelivery.WHOLE, false, false, null);
            }
            case 2 -> {
                return GrpcMade.refuse("model_name that is not UTF-8", MODEL_INFER, concat(new byte[] {0x0a, 0x02, (byte) 0xc3, 0x28}, tail(good)));
            }
            case 3 -> {
                return GrpcMade.refuse("model_name's length past the end of the message", MODEL_INFER,
                        new byte[] {0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 'f'});
            }
            case 4 -> {
                byte[] b = new byte[11];
                Arrays.fill(b, (byte) 0xff);
                return GrpcMade.refuse("a tag that is an 11-byte varint", MODEL_INFER, b);
            }
            case 5 -> {
                // unknown field 99 as groups nested far past the parser's recursion limit
                int depth = 101 + r.nextInt(100_000);
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                for (int i = 0; i < depth; i++) b.writeBytes(new byte[] {(byte) 0x9b, 0x06});
                for (int i = 0; i < depth; i++) b.writeBytes(new byte[] {(byte) 0x9c, 0x06});
                return GrpcMade.refuse("unknown groups nested " + depth + " deep", MODEL_INFER, b.toByteArray());
            }
            case 6 -> {
                return GrpcMade.refuse("the valid request and a zero tag after it", MODEL_INFER, concat(good, new byte[] {0, 0}));
            }
            case 7 -> {
                return GrpcMade.refuse("an end-group tag that opens nothing", MODEL_INFER, concat(good, new byte[] {0x0c}));
            }
            default -> {
                byte[] b = good.clone();
                int at = r.nextInt(b.length);
                b[at] ^= (byte) (1 << r.nextInt(8));
                // a flipped bit may leave a message the model still takes (a value of an input, a letter of the id)
                return GrpcMade.either("one bit flipped at byte " + at, MODEL_INFER, b);
            }
        }
    }

    static GrpcMade method(Random r, GrpcTarget g) {
        byte[] good = valid(g.target()).build().toByteArray();
        switch (r.nextInt(6)) {
            case 0, 1 -> {
                String[] unknown = {SERVICE + "/Nope", SERVICE + "/modelinfer", "inference.Other/ModelInfer", "x/y",
                        MODEL_INFER + "/extra", SERVICE + "/" + "M".repeat(2_000), "grpc.health.v1.Health/Nope", SERVICE + "/"};
                String m = unknown[r.nextInt(unknown.length)];
                return GrpcMade.refuse("unknown method '" + InferCases.shown(m) + "'", m, good);
            }
            case 2 -> {
                return new GrpcMade("a unary ModelInfer call with two requests", MODEL_INFER, List.of(good, good), List.of(),
                        GrpcDelivery.WHOLE, false, false, null);
            }
            case 3 -> {
                return new GrpcMade("a unary ModelInfer call half-closed without its request", MODEL_INFER, List.of(), List.of(),
                        GrpcDelivery.WHOLE, false, false, null);
            }
            case 4 -> {
                String[] unary = {GrpcMessages.SERVER_LIVE, GrpcMessages.SERVER_METADATA, GrpcMessages.MODEL_READY, GrpcMessages.HEALTH_CHECK};
                byte[] junk = new byte[1 + r.nextInt(16)];
                r.nextBytes(junk);
                junk[0] = (byte) 0xff;
                String m = unary[r.nextInt(unary.length)];
                return GrpcMade.refuse(junk.length + " bytes that are no message, to " + m, m, junk);
            }
            default -> {
                // a valid ModelInferRequest is, to ServerLive, a message of unknown fields: it is answered
                return GrpcMade.either("ServerLive given a ModelInferRequest's bytes", GrpcMessages.SERVER_LIVE, good);
            }
        }
    }

    static GrpcMade otherRpcs(Random r, GrpcTarget g) {
        String app = g.target().app();
        String[] names = {"", "nope", "a".repeat(100_000), "../" + app, "a/b", "%2e%2e%2f", "\\..\\x", app + "\u0000", "\u202e",
                "/v2/models/" + app, app + "?x=1"};
        String n = names[r.nextInt(names.length)];
        switch (r.nextInt(5)) {
            case 0 -> {
                return GrpcMade.refuse("ModelMetadata of '" + InferCases.shown(n) + "'", GrpcMessages.MODEL_METADATA,
                        ModelMetadataRequest.newBuilder().setName(n).build().toByteArray());
            }
            case 1 -> {
                return GrpcMade.refuse("ModelReady of '" + InferCases.shown(n) + "'", GrpcMessages.MODEL_READY,
                        ModelReadyRequest.newBuilder().setName(n).build().toByteArray());
            }
            case 2 -> {
                String v = new String[] {"nope", "../x", "v".repeat(10_000), "\u0000"}[r.nextInt(4)];
                boolean meta = r.nextBoolean();
                return meta ? GrpcMade.refuse("ModelMetadata of version '" + InferCases.shown(v) + "'", GrpcMessages.MODEL_METADATA,
                        ModelMetadataRequest.newBuilder().setName(app).setVersion(v).build().toByteArray())
                        : GrpcMade.refuse("ModelReady of version '" + InferCases.shown(v) + "'", GrpcMessages.MODEL_READY,
                        ModelReadyRequest.newBuilder().setName(app).setVersion(v).build().toByteArray());
            }
            case 3 -> {
                return GrpcMade.either("RepositoryIndex of repository '" + InferCases.shown(n) + "'", GrpcMessages.REPOSITORY_INDEX,
                        RepositoryIndexRequest.newBuilder().setRepositoryName(n).setReady(r.nextBoolean()).build().toByteArray());
            }
            default -> {
                return GrpcMade.either("ModelReady of the application itself", GrpcMessages.MODEL_READY,
                        ModelReadyRequest.newBuilder().setName(app).build().toByteArray());
            }
        }
    }

    static GrpcMade metadata(Random r, GrpcTarget g) {
        byte[] good = valid(g.target()).build().toByteArray();
        switch (r.nextInt(5)) {
            case 0 -> {
                String key = new String[] {"nope", "bk_" + "0".repeat(64), "k".repeat(6_000), "é"}[r.nextInt(4)];
                return GrpcMade.refuse("an API key that is not one", MODEL_INFER, good)
                        .with(List.<String[]>of(new String[] {"x-api-key", ascii(key)}));
            }
            case 1 -> {
                return GrpcMade.refuse("authorization: Bearer with a key that is not one", MODEL_INFER, good)
                        .with(List.<String[]>of(new String[] {"authorization", "Bearer " + "z".repeat(1 + r.nextInt(2_000))}));
            }
            case 2 -> {
                return GrpcMade.either("authorization that is no bearer key", MODEL_INFER, good)
                        .with(List.<String[]>of(new String[] {"authorization", new String[] {"Basic Zm9vOmJhcg==", "Bearer", "", "x"}[r.nextInt(4)]}));
            }
            case 3 -> {
                List<String[]> many = new ArrayList<>();
                int n = 1 + r.nextInt(100);
                for (int i = 0; i < n; i++) many.add(new String[] {"x-fuzz-" + i, "v".repeat(r.nextInt(50))});
                return GrpcMade.either(n + " unknown metadata entries", MODEL_INFER, good).with(many);
            }
            default -> {
                return GrpcMade.either("an unknown metadata entry of 6000 characters", MODEL_INFER, good)
                        .with(List.<String[]>of(new String[] {"x-fuzz", "v".repeat(6_000)}));
            }
        }
    }

    static GrpcMade cancel(Random r, GrpcTarget g) {
        FuzzTarget t = g.target();
        byte[] good = valid(t).build().toByteArray();
        int after = r.nextInt(100);
        if (r.nextBoolean()) {
            return new GrpcMade("a ModelInfer call cancelled", MODEL_INFER, List.of(good), List.of(), GrpcDelivery.cancel(after),
                    true, false, null);
        }
        int n = 1 + r.nextInt(5);
        return new GrpcMade("a stream of " + n + " requests cancelled", MODEL_STREAM_INFER, repeat(good, n), List.of(),
                GrpcDelivery.cancel(after), true, false, null);
    }

    static GrpcMade slow(Random r, GrpcTarget g) {
        byte[] good = valid(g.target()).build().toByteArray();
        switch (r.nextInt(5)) {
            case 0 -> {
                return new GrpcMade("a ModelInfer request that is never half-closed", MODEL_INFER, List.of(good), List.of(),
                        GrpcDelivery.NO_HALF_CLOSE, false, true, null);
            }
            case 1 -> {
                return new GrpcMade("a ModelInfer call opened and never sent", MODEL_INFER, List.of(), List.of(),
                        GrpcDelivery.NO_HALF_CLOSE, false, true, null);
            }
            case 2 -> {
                return new GrpcMade("a stream opened and never sent", MODEL_STREAM_INFER, List.of(), List.of(),
                        GrpcDelivery.NO_HALF_CLOSE, false, true, null);
            }
            case 3 -> {
                int n = 2 + r.nextInt(3);
                return new GrpcMade("a stream of " + n + " valid requests, one every 300 ms", MODEL_STREAM_INFER, repeat(good, n),
                        List.of(), GrpcDelivery.paced(300), true, false, new boolean[n]);
            }
            default -> {
                return new GrpcMade("a stream with one request, then silence", MODEL_STREAM_INFER, List.of(good), List.of(),
                        GrpcDelivery.SILENT, true, true, new boolean[1]);
            }
        }
    }

    /** A stream of requests, some hostile: each answered on the stream in turn, a hostile one with its error. */
    static GrpcMade stream(Random r, GrpcTarget g) {
        int n = 2 + r.nextInt(6);
        List<byte[]> messages = new ArrayList<>();
        boolean[] refused = new boolean[n];
        byte[] good = valid(g.target()).build().toByteArray();
        for (int i = 0; i < n; i++) {
            if (r.nextBoolean()) {
                messages.add(good);
            } else {
                GrpcMade bad = switch (r.nextInt(4)) {
                    case 0 -> InferCases.shape(r, g);
                    case 1 -> InferCases.tensors(r, g);
                    case 2 -> InferCases.model(r, g);
                    default -> InferCases.contents(r, g);
                };
                messages.add(bad.messages().get(0));
                refused[i] = !bad.mayAccept();
            }
        }
        StringBuilder d = new StringBuilder("a stream of " + n + " requests (");
        for (boolean b : refused) d.append(b ? 'x' : '.');
        d.append(": x refused)");
        if (r.nextInt(4) == 0) {
            // bytes that are no message end the stream: the requests before them are answered
            byte[] junk = {(byte) 0xff, (byte) 0xff, (byte) 0xff};
            messages.add(junk);
            return new GrpcMade(d + ", then bytes that are no message", MODEL_STREAM_INFER, messages, List.of(), GrpcDelivery.WHOLE,
                    false, false, Arrays.copyOf(refused, n + 1));
        }
        return new GrpcMade(d.toString(), MODEL_STREAM_INFER, messages, List.of(), GrpcDelivery.WHOLE, true, false, refused);
    }

    private static List<byte[]> repeat(byte[] m, int n) {
        List<byte[]> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) l.add(m);
        return l;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** The valid request after its model_name field (field 1 comes first as protobuf writes it). */
    private static byte[] tail(byte[] good) {
        int len = good[1] & 0x7f;
        return Arrays.copyOfRange(good, 2 + len, good.length);
    }

    private static String ascii(String s) {
        return s.chars().allMatch(c -> c >= 0x20 && c < 0x7f) ? s : "%C3%A9";
    }
}
