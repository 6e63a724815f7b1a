package io.baton.core.onnx;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;

/**
 * A model that keeps tensors in data files, uploaded as one zip archive: exactly one {@code .onnx} file at the top
 * level and the data files it names. An archive is accepted only when every external-data location of the model
 * (found by {@link ExternalDataScanner}) is a normalised relative path to a regular file of the archive, with its
 * offset and length inside that file; entries are plain relative names (letters, digits, {@code . _ - +}; no
 * {@code ..}, no absolute path, no duplicate even by case), regular files or directories only (a Unix symbolic link or
 * special file is refused), at most {@link Limits#maxEntries} of them and {@link Limits#maxUnpackedBytes} unpacked in
 * all (counted while unpacking, whatever the archive declares), stored or deflated, not encrypted, not ZIP64.
 *
 * <p>{@link #extract} checks all that and unpacks into a fresh {@link ModelDirectory}, the model as
 * {@link ModelDirectory#MODEL_FILE}; nothing is left behind when it refuses.
 */
public final class ModelArchive {

    /**
     * How much an archive may hold.
     *
     * @param maxEntries       entries (files and directories)
     * @param maxUnpackedBytes bytes of all files together once unpacked
     * @param maxReferences    tensors stored outside the model file
     */
    public record Limits(int maxEntries, long maxUnpackedBytes, int maxReferences) {
        public static final Limits DEFAULT = new Limits(1000, 2L << 30, 100_000);

        public Limits {
            if (maxEntries <= 0 || maxUnpackedBytes <= 0 || maxReferences <= 0) throw new IllegalArgumentException("limits must be > 0");
        }
    }

    private static final int LOCAL_HEADER = 0x04034b50, CENTRAL_HEADER = 0x02014b50, END_OF_CENTRAL_DIRECTORY = 0x06054b50;
    private static final int UNIX = 3, S_IFMT = 0170000, S_IFREG = 0100000, S_IFDIR = 0040000, S_IFLNK = 0120000;
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_+-][A-Za-z0-9._+-]{0,254}|\\.[A-Za-z0-9_+-][A-Za-z0-9._+-]{0,253}");
    private static final Pattern DECIMAL = Pattern.compile("0|[1-9][0-9]{0,17}");

    private ModelArchive() {
    }

    /** Whether the bytes begin as a zip archive does (a local file header, or the end record of an empty one). */
    public static boolean isArchive(byte[] head) {
        if (head.length < 4) return false;
        int magic = ByteBuffer.wrap(head, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        return magic == LOCAL_HEADER || magic == END_OF_CENTRAL_DIRECTORY;
    }

    public static boolean isArchive(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return isArchive(in.readNBytes(4));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Checks the archive bytes and unpacks them into a new private directory under {@code parent} (null: the system's). */
    public static ModelDirectory extract(byte[] zip, Path parent, Limits limits) {
        ModelDirectory scratch = ModelDirectory.create(parent);
        try {
            Path file = scratch.path().resolve("upload.zip");
            try (OutputStream out = scratch.newFile("upload.zip")) {
                out.write(zip);
            }
            return extract(file, parent, limits);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            scratch.close();
        }
    }

    /** Checks the archive file and unpacks it into a new private directory under {@code parent} (null: the system's). */
    public static ModelDirectory extract(Path zip, Path parent, Limits limits) {
        Map<String, Boolean> listed = centralDirectory(zip, limits); // name → is a directory
        ModelDirectory dir = ModelDirectory.create(parent);
        try {
            Map<String, Long> files = unpack(zip, listed, dir, limits);
            checkReferences(dir, files, limits);
            return dir;
        } catch (RuntimeException e) {
            dir.close();
            throw e;
        }
    }

    /** Reads the central directory itself: java.util.zip does not say which entries are links or special files. */
    private static Map<String, Boolean> centralDirectory(Path zip, Limits limits) {
        try (FileChannel channel = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE) throw refused("an archive is at most 2 GiB (ZIP64 is not accepted)");
            ByteBuffer b = channel.map(FileChannel.MapMode.READ_ONLY, 0, size).order(ByteOrder.LITTLE_ENDIAN);
            int end = -1;
            for (int p = (int) size - 22; p >= Math.max(0, (int) size - 22 - 65_535); p--) {
                if (b.getInt(p) == END_OF_CENTRAL_DIRECTORY) {
                    end = p;
                    break;
                }
            }
            if (end < 0) throw refused("not a zip archive (no end of central directory record)");
            int entries = Short.toUnsignedInt(b.getShort(end + 10));
            long cdSize = Integer.toUnsignedLong(b.getInt(end + 12)), cdOffset = Integer.toUnsignedLong(b.getInt(end + 16));
            if (b.getShort(end + 4) != 0 || b.getShort(end + 6) != 0 || entries != Short.toUnsignedInt(b.getShort(end + 8))) {
                throw refused("multi-part archives are not accepted");
            }
            if (entries == 0xFFFF || cdSize == 0xFFFFFFFFL || cdOffset == 0xFFFFFFFFL) throw refused("ZIP64 archives are not accepted");
            if (entries > limits.maxEntries()) {
                throw refused("it has " + entries + " entries; at most " + limits.maxEntries() + " are accepted");
            }
            if (cdOffset + cdSize > end) throw refused("its central directory lies outside the file");
            Map<String, Boolean> names = new LinkedHashMap<>();
            Set<String> folded = new HashSet<>();
            int p = (int) cdOffset;
            for (int i = 0; i < entries; i++) {
                if (p + 46 > end || b.getInt(p) != CENTRAL_HEADER) throw refused("its central directory is malformed (entry " + i + ")");
                int madeBy = Short.toUnsignedInt(b.getShort(p + 4)) >>> 8;
                int flags = Short.toUnsignedInt(b.getShort(p + 8)), method = Short.toUnsignedInt(b.getShort(p + 10));
                int nameLength = Short.toUnsignedInt(b.getShort(p + 28)), extra = Short.toUnsignedInt(b.getShort(p + 30)),
                        comment = Short.toUnsignedInt(b.getShort(p + 32));
                int attributes = b.getInt(p + 38);
                if (p + 46 + nameLength > end) throw refused("its central directory is malformed (entry " + i + ")");
                String raw = utf8(b, p + 46, nameLength, i);
                if ((flags & 1) != 0) throw refused("entry '" + printable(raw) + "' is encrypted");
                if (method != ZipEntry.STORED && method != ZipEntry.DEFLATED) {
                    throw refused("entry '" + printable(raw) + "' uses compression method " + method + " (stored or deflated only)");
                }
                boolean directory = raw.endsWith("/");
                if (madeBy == UNIX) {
                    int type = (attributes >>> 16) & S_IFMT;
                    if (type == S_IFLNK) throw refused("entry '" + printable(raw) + "' is a symbolic link");
                    if (type != 0 && type != S_IFREG && type != S_IFDIR) throw refused("entry '" + printable(raw) + "' is a special file");
                    if (type == S_IFDIR && !directory) throw refused("entry '" + printable(raw) + "' is a directory without a trailing '/'");
                    if (type == S_IFREG && directory) throw refused("entry '" + printable(raw) + "' is a file with a trailing '/'");
                }
                String name = directory ? raw.substring(0, raw.length() - 1) : raw;
                String problem = pathProblem(name);
                if (problem != null) throw refused("entry '" + printable(raw) + "' " + problem);
                if (!folded.add(name.toLowerCase(Locale.ROOT))) throw refused("entry '" + printable(raw) + "' appears twice");
                names.put(name, directory);
                p += 46 + nameLength + extra + comment;
            }
            for (String name : names.keySet()) {
                for (int slash = name.indexOf('/'); slash >= 0; slash = name.indexOf('/', slash + 1)) {
                    Boolean parentIsDirectory = names.get(name.substring(0, slash));
                    if (Boolean.FALSE.equals(parentIsDirectory)) {
                        throw refused("entry '" + printable(name) + "' is inside '" + name.substring(0, slash) + "', which is a file");
                    }
                }
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Unpacks every file, counting bytes as they come; answers each file's unpacked size by name. */
    private static Map<String, Long> unpack(Path zip, Map<String, Boolean> listed, ModelDirectory dir, Limits limits) {
        String model = null;
        for (Map.Entry<String, Boolean> e : listed.entrySet()) {
            if (!e.getValue() && !e.getKey().contains("/") && e.getKey().toLowerCase(Locale.ROOT).endsWith(".onnx")) {
                if (model != null) throw refused("it holds two models ('" + model + "' and '" + e.getKey() + "'); one .onnx file at the top level is accepted");
                model = e.getKey();
            }
        }
        if (model == null) throw refused("it holds no .onnx file at its top level");
        Map<String, Long> sizes = new HashMap<>();
        long total = 0;
        byte[] buffer = new byte[64 * 1024];
        try (ZipFile file = new ZipFile(zip.toFile(), StandardCharsets.UTF_8)) {
            int seen = 0;
            for (Enumeration<? extends ZipEntry> entries = file.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                seen++;
                String name = entry.isDirectory() ? entry.getName().substring(0, entry.getName().length() - 1) : entry.getName();
                if (!listed.containsKey(name) || listed.get(name) != entry.isDirectory()) {
                    throw refused("entry '" + printable(entry.getName()) + "' reads differently from its central directory");
                }
                if (entry.isDirectory()) continue;
                String target = name.equals(model) ? ModelDirectory.MODEL_FILE : name;
                long size = 0;
                try (InputStream in = file.getInputStream(entry); OutputStream out = dir.newFile(target)) {
                    for (int n; (n = in.read(buffer)) >= 0; ) {
                        size += n;
                        total += n;
                        if (total > limits.maxUnpackedBytes()) {
                            throw refused("it unpacks to more than " + limits.maxUnpackedBytes() + " bytes");
                        }
                        out.write(buffer, 0, n);
                    }
                }
                sizes.put(target, size);
            }
            if (seen != listed.size()) throw refused("its entries read differently from its central directory");
        } catch (ZipException e) {
            throw refused("not a readable zip archive: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sizes;
    }

    private static void checkReferences(ModelDirectory dir, Map<String, Long> files, Limits limits) {
        ExternalDataScanner.Result scan;
        try {
            scan = ExternalDataScanner.scan(dir.model(), limits.maxReferences());
        } catch (MalformedModelException e) {
            throw refused("its model: " + e.getMessage());
        }
        if (scan.count() > limits.maxReferences()) {
            throw refused("its model has " + scan.count() + " tensors in data files; at most " + limits.maxReferences() + " are accepted");
        }
        for (ExternalReference ref : scan.references()) {
            String at = ref.where() + ": ";
            // ONNX Runtime reads every entry and keeps the last value of a key: a 'location' past the entries the scanner
            // kept, or a second 'location' after a harmless one, would otherwise be the file it opens (/etc/passwd).
            if (!ref.allEntriesKept()) {
                throw refused(at + "it has " + ref.entryCount() + " external_data entries; at most " + ref.entries().size()
                        + " are accepted");
            }
            String repeated = ref.repeatedKey();
            if (repeated != null) throw refused(at + "external_data key '" + printable(repeated) + "' appears more than once");
            String location = ref.location();
            if (location == null) throw refused(at + "it has external data but no location");
            String problem = pathProblem(location);
            if (problem != null) throw refused(at + "location '" + printable(location) + "' " + problem);
            if (location.equals(ModelDirectory.MODEL_FILE) || !files.containsKey(location)) {
                throw refused(at + "location '" + printable(location) + "' is not a data file of the archive");
            }
            long size = files.get(location);
            long offset = number(ref, "offset", at, 0);
            long length = number(ref, "length", at, size - Math.min(offset, size));
            if (offset > size || length > size - offset) {
                throw refused(at + "offset " + offset + " and length " + length + " lie past the end of '" + location
                        + "' (" + size + " bytes)");
            }
        }
    }

    private static long number(ExternalReference ref, String key, String at, long absent) {
        String value = ref.value(key);
        if (value == null) return absent;
        if (!DECIMAL.matcher(value).matches()) throw refused(at + key + " '" + printable(value) + "' is not a whole number");
        return Long.parseLong(value);
    }

    /** Why {@code path} is not a normalised relative path of plain names, or null when it is. */
    static String pathProblem(String path) {
        if (path.isEmpty()) return "is empty";
        if (path.length() > 1024) return "is longer than 1024 characters";
        if (path.startsWith("/") || path.startsWith("\\") || path.matches("^[A-Za-z]:.*")) return "is an absolute path";
        for (String segment : path.split("/", -1)) {
            if (segment.equals("..")) return "climbs out with '..'";
            if (segment.isEmpty() || segment.equals(".")) return "is not a normalised path (empty or '.' segment)";
            if (!SEGMENT.matcher(segment).matches()) {
                return "has a name other than letters, digits, '.', '_', '-' and '+' (at most 255 each)";
            }
        }
        return null;
    }

    private static String utf8(ByteBuffer b, int at, int length, int entry) {
        byte[] bytes = new byte[length];
        b.get(at, bytes, 0, length);
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw refused("entry " + entry + " has a name that is not UTF-8");
        }
    }

    private static String printable(String text) {
        return ExternalReference.printable(text);
    }

    private static ModelArchiveException refused(String why) {
        return new ModelArchiveException("the model archive is refused: " + why);
    }
}
