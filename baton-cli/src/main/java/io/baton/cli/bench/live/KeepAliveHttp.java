package io.baton.cli.bench.live;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The load generator's HTTP/1.1 client: persistent connections, each carrying one exchange at a time, reused from a
 * pool per host and port, on one event-loop thread. A load generator shares the machine's cores with the suite it
 * measures, so its cost per request bounds what it can show: {@code java.net.http.HttpClient} spent about 0.5 ms of
 * CPU per answered request at saturation (a selector thread, an executor, its reactive body pipeline), as much as the
 * gateway, scheduler and workers together. Here a request is one write of bytes prepared once and an answer is read
 * on the thread that received it, which then completes the caller's future; {@code wrk} and {@code h2load} are built
 * the same way.
 *
 * <p>Failures are those of {@code java.net.http}, so that {@link Resend} reads them alike: a connection refused is a
 * {@link ConnectException}, one not made in time an {@link HttpConnectTimeoutException}, the request's own deadline an
 * {@link HttpTimeoutException}, and a connection closed or reset before the answer ended an {@link IOException}.
 */
final class KeepAliveHttp implements AutoCloseable {

    /** A request as prepared once: where it goes and its bytes. */
    record Prepared(URI uri, String contentType, Map<String, String> headers, byte[] body) {}

    /** An answer: its status, the value of one header the caller asked for (or null), and its body. */
    record Answer(int status, String header, byte[] body) {}

    /** Bodies beyond this are refused: a generator holds every answer it reads in memory. */
    static final int MAX_ANSWER_BYTES = 64 << 20;

    private static final AttributeKey<Exchange> EXCHANGE = AttributeKey.valueOf("baton.exchange");

    private final EventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("bench-http", true));
    private final Bootstrap bootstrap;
    private final Map<String, ConcurrentLinkedDeque<Channel>> idle = new ConcurrentHashMap<>();

    KeepAliveHttp(Duration connectTimeout) {
        bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new AnswerReader());
                    }
                });
    }

    /**
     * Sends {@code request} on an idle connection to its host, or a new one.
     *
     * @param header    the response header whose value the answer carries (null for none)
     * @param onHeaders run once the status line and headers have arrived (on the client's thread)
     * @return the answer, or one of the failures named in the class comment; completed on the client's thread
     */
    CompletableFuture<Answer> send(Prepared request, Duration timeout, String header, Runnable onHeaders) {
        Exchange exchange = new Exchange(request, header, onHeaders);
        String key = key(request.uri());
        Channel pooled = takeIdle(key);
        if (pooled != null) {
            start(pooled, exchange, timeout);
            return exchange.answer;
        }
        ChannelFuture connecting = bootstrap.connect(request.uri().getHost(), port(request.uri()));
        connecting.addListener(f -> {
            if (f.isSuccess()) {
                start(connecting.channel(), exchange, timeout);
            } else {
                exchange.answer.completeExceptionally(connectFailure(request.uri(), f.cause()));
            }
        });
        return exchange.answer;
    }

    private Channel takeIdle(String key) {
        ConcurrentLinkedDeque<Channel> channels = idle.get(key);
        if (channels == null) return null;
        Channel c;
        while ((c = channels.pollFirst()) != null) {
            if (c.isActive()) return c;
        }
        return null;
    }

    private void start(Channel channel, Exchange exchange, Duration timeout) {
        channel.attr(EXCHANGE).set(exchange);
        exchange.timer = channel.eventLoop().schedule(() -> {
            if (exchange.answer.completeExceptionally(new HttpTimeoutException("request timed out"))) channel.close();
        }, Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
        channel.writeAndFlush(exchange.message()).addListener(f -> {
            if (!f.isSuccess()) fail(channel, new IOException("the request could not be written: " + f.cause(), f.cause()));
        });
    }

    /** Ends the channel's exchange with {@code failure}, if it has not ended, and closes the channel. */
    private static void fail(Channel channel, IOException failure) {
        Exchange exchange = channel.attr(EXCHANGE).getAndSet(null);
        if (exchange != null) {
            exchange.timer.cancel(false);
            exchange.answer.completeExceptionally(failure);
        }
        channel.close();
    }

    private static IOException connectFailure(URI uri, Throwable cause) {
        if (cause instanceof io.netty.channel.ConnectTimeoutException) {
            return new HttpConnectTimeoutException("no connection to " + uri.getHost() + ":" + port(uri) + " in time");
        }
        if (cause instanceof ConnectException c) return c;
        ConnectException refused = new ConnectException("no connection to " + uri.getHost() + ":" + port(uri) + ": " + cause);
        refused.initCause(cause);
        return refused;
    }

    private static String key(URI uri) {
        return uri.getHost() + ":" + port(uri);
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : 80;
    }

    @Override
    public void close() {
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }

    /** One request on one connection, from its write to its answer. */
    private static final class Exchange {
        final Prepared request;
        final String header;
        final Runnable onHeaders;
        final CompletableFuture<Answer> answer = new CompletableFuture<>();
        ScheduledFuture<?> timer;
        int status;
        String headerValue;
        boolean keepAlive;
        ByteBuf body;

        Exchange(Prepared request, String header, Runnable onHeaders) {
            this.request = request;
            this.header = header;
            this.onHeaders = onHeaders;
        }

        FullHttpRequest message() {
            URI uri = request.uri();
            String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            FullHttpRequest m = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, target,
                    Unpooled.wrappedBuffer(request.body()));
            m.headers().set(HttpHeaderNames.HOST, key(uri))
                    .set(HttpHeaderNames.CONTENT_TYPE, request.contentType())
                    .set(HttpHeaderNames.CONTENT_LENGTH, request.body().length);
            request.headers().forEach(m.headers()::set);
            return m;
        }
    }

    /** Reads each answer into its exchange and returns the connection to the pool, or closes it. */
    private final class AnswerReader extends SimpleChannelInboundHandler<HttpObject> {

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            Exchange exchange = ctx.channel().attr(EXCHANGE).get();
            if (exchange == null) {
                ctx.close(); // an answer nobody asked for (or one past its timeout): the connection is out of step
                return;
            }
            if (msg instanceof HttpResponse response) {
                exchange.status = response.status().code();
                exchange.headerValue = exchange.header == null ? null : response.headers().get(exchange.header);
                exchange.keepAlive = HttpUtil.isKeepAlive(response);
                exchange.body = ctx.alloc().heapBuffer();
                if (exchange.onHeaders != null) exchange.onHeaders.run();
            }
            if (msg instanceof HttpContent content && exchange.body != null) {
                if (exchange.body.readableBytes() + content.content().readableBytes() > MAX_ANSWER_BYTES) {
                    exchange.body.release();
                    exchange.body = null;
                    fail(ctx.channel(), new IOException("an answer of more than " + MAX_ANSWER_BYTES + " bytes"));
                    return;
                }
                exchange.body.writeBytes(content.content());
                if (content instanceof LastHttpContent) finish(ctx.channel(), exchange);
            }
        }

        private void finish(Channel channel, Exchange exchange) {
            channel.attr(EXCHANGE).set(null);
            exchange.timer.cancel(false);
            byte[] bytes = new byte[exchange.body.readableBytes()];
            exchange.body.readBytes(bytes);
            exchange.body.release();
            if (exchange.keepAlive) {
                idle.computeIfAbsent(key(exchange.request.uri()), k -> new ConcurrentLinkedDeque<>()).addFirst(channel);
            } else {
                channel.close();
            }
            exchange.answer.complete(new Answer(exchange.status, exchange.headerValue, bytes));
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            Exchange exchange = ctx.channel().attr(EXCHANGE).get();
            if (exchange != null && exchange.body != null) {
                exchange.body.release();
                exchange.body = null;
            }
            fail(ctx.channel(), new IOException("the connection closed before the answer ended"));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            fail(ctx.channel(), cause instanceof IOException io ? io : new IOException(cause.toString(), cause));
        }
    }
}
