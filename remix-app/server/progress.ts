/** A progress bar on stderr for the command-line tools: redrawn on a terminal, a line per quarter in a log. */
export function progressBar(): { update(label: string, done: number, total: number): void; end(): void } {
  let last = '';
  let quarter = '';
  return {
    update(label, done, total) {
      const pct = total ? Math.min(100, Math.floor((done / total) * 100)) : 100;
      const line = `${label.padEnd(13)} [${'#'.repeat(Math.floor(pct / 4)).padEnd(25)}] ${String(pct).padStart(3)}%`;
      if (line === last) return;
      last = line;
      if (process.stderr.isTTY) return void process.stderr.write(`\r${line}`);
      if (`${label}${Math.floor(pct / 25)}` === quarter) return;
      quarter = `${label}${Math.floor(pct / 25)}`;
      process.stderr.write(`${line}\n`);
    },
    end() {
      process.stderr.write('\n');
      last = '';
    },
  };
}
