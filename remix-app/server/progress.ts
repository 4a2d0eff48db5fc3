/** A progress bar on stderr for the command-line tools: redrawn on a terminal, a line per quarter in a log. */
export function progressBar(): { update(label: string, done: number, total: number): void; end(): void } {
  let last = '';
  return {
    update(label, done, total) {
      const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : 100;
      const line = `${label.padEnd(13)} [${'#'.repeat(Math.floor(pct / 4)).padEnd(25)}] ${String(pct).padStart(3)}%`;
      if (line === last || (!process.stderr.isTTY && pct % 25 !== 0)) return;
      process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
      last = line;
    },
    end() {
      process.stderr.write('\n');
      last = '';
    },
  };
}
