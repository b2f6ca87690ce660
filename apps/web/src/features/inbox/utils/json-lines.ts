/**
 * Splits a byte stream into its text lines (JSON lines), however the network cut it: a piece may end in
 * the middle of a line or of a multi-byte character (Thai is three bytes a letter).
 */
export function readLines(onLine: (line: string) => void) {
  const decoder = new TextDecoder();
  let pending = '';
  const emit = (text: string) => {
    pending += text;
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line) onLine(line);
      newline = pending.indexOf('\n');
    }
  };
  return {
    push: (chunk: Uint8Array) => emit(decoder.decode(chunk, { stream: true })),
    end: () => {
      emit(`${decoder.decode()}\n`);
    },
  };
}
