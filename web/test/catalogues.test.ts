// The interface's catalogues under locales/: every language has every message of each part, with
// the same values; every id the code asks a part for is there; index.html's words are there.
// (formats.ftl is the server's too; its own tests hold the server's catalogues alike.)
import { FluentResource } from '@fluent/bundle';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Entry = FluentResource['body'][number];
const ROOT = join(__dirname, '..', '..', 'locales');
const LANGUAGES = ['zh-TW', 'vi', 'en'];
const PARTS = ['console.ftl', 'formats.ftl', ...readdirSync(join(ROOT, 'zh-TW', 'web')).map((f) => `web/${f}`)];

function parse(lang: string, part: string): Map<string, Entry> {
  const text = readFileSync(join(ROOT, lang, part), 'utf8');
  const entries = new FluentResource(text).body;
  // The runtime's parser skips what it cannot read: a message it skipped is missing.
  const declared = text.match(/^[a-zA-Z][\w-]* *=/gm)?.length ?? 0;
  expect(entries.length, `${lang}/${part}: a message is not Fluent`).toBe(declared);
  return new Map(entries.map((e) => [e.id, e]));
}

/** The variables a pattern uses, wherever they are (placeables, selectors, functions' arguments). */
function variables(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => variables(n, found));
  else if (node && typeof node === 'object') {
    const n = node as { type?: string; name?: string };
    if (n.type === 'var' && n.name) found.add(n.name);
    Object.values(node).forEach((v) => variables(v, found));
  }
  return found;
}

function sourcesUsing(part: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, f.name);
      if (f.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(f.name) && readFileSync(path, 'utf8').includes(`@words/${part}`)) files.push(path);
    }
  };
  walk(join(__dirname, '..', 'src'));
  return files;
}

describe('catalogues', () => {
  it.each(PARTS)('%s has the same messages and values in every language', (part) => {
    const [zh, ...others] = LANGUAGES.map((lang) => parse(lang, part));
    for (const [i, other] of others.entries()) {
      const lang = LANGUAGES[i + 1];
      expect([...other.keys()].sort(), `${lang}/${part}`).toEqual([...zh!.keys()].sort());
      for (const [id, entry] of zh!) {
        const mine = [...variables(other.get(id)?.value)].sort();
        expect(mine, `${lang}/${part}: ${id}`).toEqual([...variables(entry.value)].sort());
      }
    }
  });

  it.each(PARTS)('every id the code asks %s for is in it', (part) => {
    const ids = parse('zh-TW', part);
    const files = sourcesUsing(part);
    expect(files.length, `no code reads ${part}`).toBeGreaterThan(0);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*(?:[\w.]+\s*\?\s*)?'([a-z0-9-]+)'(?:\s*:\s*'([a-z0-9-]+)')?/g)) {
        for (const id of [m[1], m[2]].filter(Boolean)) expect(ids.has(id!), `${file}: ${id}`).toBe(true);
      }
    }
  });

  it("index.html's words are in the shell's and legal pages' catalogues", () => {
    const html = readFileSync(join(__dirname, '..', 'index.html'), 'utf8');
    const ids = [...html.matchAll(/%t:([a-z-]+)%/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(5);
    for (const lang of LANGUAGES) {
      const known = new Map([...parse(lang, 'web/shell.ftl'), ...parse(lang, 'web/legal.ftl')]);
      for (const id of ids) expect(known.has(id), `${lang}: ${id}`).toBe(true);
    }
  });

  // The product spec's own words (docs/product.md), which no translation or edit may change.
  it.each([
    ['web/shell.ftl', 'modal-cancel', '取消'],
    ['web/shell.ftl', 'modal-confirm', '確定'],
    ['web/account.ftl', 'errors-email-exists', '信箱已被使用'],
    ['web/account.ftl', 'errors-invalid-email', '請輸入正確的信箱'],
    ['web/account.ftl', 'errors-weak-password', '密碼請設定六位數以上'],
    ['web/account.ftl', 'errors-bad-credentials', '帳號或密碼錯誤'],
  ])("zh-TW's %s says %s as the spec writes it", (part, id, words) => {
    const value = parse('zh-TW', part).get(id)?.value;
    expect(value).toBe(words);
  });

  // Chinese punctuation between words belongs to the zh-TW catalogue (`aside`, `labelled`,
  // `joined`): written in code, it shows in every language. Comments may quote it; a parser may
  // accept it (a list typed with Chinese commas).
  it('no code writes a Chinese mark between words itself', () => {
    const marks = /[・（）：；、，。「」｜]/;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, f.name);
        if (f.isDirectory()) {
          if (f.name !== 'gen') walk(path);
        } else if (/\.tsx?$/.test(f.name)) {
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, i) => {
              const code = line.replace(/\/\/.*$|^\s*\/?\*.*$|\/\*.*?\*\//g, '');
              if (marks.test(code) && !/\.split\(\/\[/.test(code)) found.push(`${path}:${i + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(join(__dirname, '..', 'src'));
    expect(found).toEqual([]);
  });
});
