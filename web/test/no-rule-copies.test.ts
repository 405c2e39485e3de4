// The web shows what the server allows (`Order.actions`, `Order.group`, `Job.next_step`,
// `Job.can_offer`, `Job.can_take_back`) and restates none of its rules: no list of order or job
// states, and no two of them weighed together, anywhere in src/ but the generated contract.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..', 'src');
const STATE = String.raw`(?:OrderState|OrderGroup|JobStatus)\.[A-Z_]+`;
/** `[OrderState.PAID, OrderState.CONFIRMED]`, over lines or not. */
const LIST = new RegExp(String.raw`\[\s*${STATE}\s*,\s*${STATE}`);
/** `s === OrderState.PAID || s === OrderState.CONFIRMED`, and the like. */
const WEIGHED = new RegExp(String.raw`[!=]==?\s*${STATE}\s*(?:\|\||&&)[^;\n]*[!=]==?\s*${STATE}`);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'gen' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The rule copies in `text`: each as the text that matched. */
function ruleCopies(text: string): string[] {
  return [LIST, WEIGHED].flatMap((pattern) => text.match(pattern)?.[0] ?? []);
}

describe('the web holds no copy of the server rules', () => {
  it('finds a list of states, and two states weighed together', () => {
    expect(ruleCopies('const OPEN = [OrderState.DRAFT, OrderState.PAID];')).toHaveLength(1);
    expect(ruleCopies('[\n  JobStatus.ACCEPTED,\n  JobStatus.ON_THE_WAY,\n]')).toHaveLength(1);
    expect(ruleCopies('o.state === OrderState.PAID || o.state === OrderState.CONFIRMED')).toHaveLength(1);
    expect(ruleCopies('o.group === OrderGroup.UPCOMING || o.group === OrderGroup.DONE')).toHaveLength(1);
    expect(ruleCopies('o.state === OrderState.DRAFT ? a : b')).toHaveLength(0);
  });

  it('has none in src/', () => {
    const found = sources(SRC).flatMap((file) => ruleCopies(readFileSync(file, 'utf8')).map((copy) => `${relative(SRC, file)}: ${copy}`));
    expect(found).toEqual([]);
  });
});
