// Reads the header of a Baton validation set file (io.baton.cli.zoo.ValidationSet, "BATONVS1"; what
// bin/baton zoo build writes as validation.bin), so that the page can upload its examples and its labels as the two
// data blobs the registry's dataset takes, without reading the whole file into memory.
//
//   8 bytes "BATONVS1", int32 n, int32 r, r × int32 dims, int32 classes, n × Π dims float32, n × int32 labels
//   (every number little-endian)

const MAGIC = 'BATONVS1';

/** null when the file is not a Baton validation set; otherwise {count, dims, classes, inputs: Blob, labels: Blob}. */
export async function readValidationSet(file) {
  if (file.size < 16) return null;
  const head = new DataView(await file.slice(0, Math.min(file.size, 8 + 4 * 20)).arrayBuffer());
  let magic = '';
  for (let i = 0; i < 8; i++) magic += String.fromCharCode(head.getUint8(i));
  if (magic !== MAGIC) return null;
  const count = head.getInt32(8, true);
  const rank = head.getInt32(12, true);
  if (count < 1 || rank < 0 || rank > 16 || head.byteLength < 16 + 4 * rank + 4) {
    throw new Error(`${file.name}: a BATONVS1 header with ${count} samples of rank ${rank} is not readable`);
  }
  const dims = [];
  for (let k = 0; k < rank; k++) dims.push(head.getInt32(16 + 4 * k, true));
  const classes = head.getInt32(16 + 4 * rank, true);
  const start = 16 + 4 * rank + 4;
  const inputBytes = count * dims.reduce((a, b) => a * b, 1) * 4;
  const labelBytes = count * 4;
  if (file.size !== start + inputBytes + labelBytes) {
    throw new Error(`${file.name}: ${count} samples of [${dims.join(', ')}] need ${start + inputBytes + labelBytes} bytes, the file has ${file.size}`);
  }
  return {count, dims, classes, inputs: file.slice(start, start + inputBytes),
    labels: file.slice(start + inputBytes, start + inputBytes + labelBytes)};
}
