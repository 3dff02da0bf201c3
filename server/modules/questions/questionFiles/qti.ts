import { XMLParser, XMLValidator } from 'fast-xml-parser';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ChoiceMode, InputValueType } from '../../../../shared/enums.js';
import type { ParsedQuestion } from '../importSheet.js';
import { MEDIA_SCHEME, type MediaMap } from './media.js';
import { checked, emptyRead, labelFrom, plain, type FileNote, type ReadResult, type WriteResult } from './model.js';
import { freeNotes } from './shared.js';

/**
 * IMS QTI 2.1 items: choice (one or several), text entry and extended text (typed by the
 * response's baseType), match and order interactions; a package is a zip with imsmanifest.xml
 * naming item files, pictures beside them. One interaction per item (an end-attempt button,
 * which OpenOLAT adds for hints, does not count); other interactions (hotspot, gap match,
 * inline choice, associate…) and composite items are listed as not imported. The item body's
 * markup is mixed content, so elements are cut out by name rather than through an object tree;
 * the XML is first checked to be well formed by fast-xml-parser.
 */

interface El {
  attrs: Record<string, string>;
  inner: string;
}

const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[\da-f]+);/gi, (_m, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : e === 'amp' ? '&' : e[1] === 'x' || e[1] === 'X' ? String.fromCodePoint(parseInt(e.slice(2), 16)) : String.fromCodePoint(Number(e.slice(1))),
  );

/** Elements named `tag` (any namespace prefix), not nested in themselves. */
function elements(xml: string, tag: string): El[] {
  const re = new RegExp(`<(?:[\\w-]+:)?${tag}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${tag}>)`, 'g');
  return [...xml.matchAll(re)].map((m) => ({
    attrs: Object.fromEntries([...m[1].matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1].replace(/^\w+:/, ''), decode(a[2])])),
    inner: m[2] ?? '',
  }));
}

const INTERACTION = /<(?:[\w-]+:)?(\w+Interaction)\b/g;

/** Removes the interactions from the body; their prompts stay as paragraphs. */
function bodyText(body: string): string {
  const prompts: string[] = [];
  const rest = body.replace(/<(?:[\w-]+:)?(\w+Interaction)\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w-]+:)?\1>)/g, (_, _n, inner: string | undefined) => {
    for (const p of elements(inner ?? '', 'prompt')) prompts.push(`<p>${p.inner}</p>`);
    return '';
  });
  // the empty paragraph an inline interaction leaves, and the one div a body wraps its text in
  let text = rest.replace(/<p>\s*<\/p>/g, '').trim();
  const wrapped = /^<div>([\s\S]*)<\/div>$/.exec(text);
  if (wrapped && !/<\/?div\b/.test(wrapped[1])) text = wrapped[1];
  return `${text}${prompts.join('')}`.replace(/<(\/?)(?:[\w-]+:)/g, '<$1');
}

function readItem(xml: string, number: number, out: ReadResult, resolve: (src: string) => string | null): void {
  const item = elements(xml, 'assessmentItem')[0];
  if (!item) return void out.notes.push({ number, title: `#${number}`, kept: false, reason: 'invalid' });
  const body = elements(item.inner, 'itemBody')[0]?.inner ?? '';
  const text = bodyText(body).replace(/(<img\b[^>]*?\bsrc=")([^"]+)"/g, (all, head: string, src: string) => {
    const path = resolve(src);
    return path === null ? all : `${head}${MEDIA_SCHEME}${path}"`;
  });
  const label = labelFrom(item.attrs.title, text, number);
  const note = (n: Omit<FileNote, 'number' | 'title'>) => out.notes.push({ number, title: label, ...n });
  // an end-attempt button (OpenOLAT's "hint" / "correct solution") holds no answer; what it shows is feedback
  const kinds = [...body.matchAll(INTERACTION)].map((m) => m[1]).filter((k) => k !== 'endAttemptInteraction');
  if (kinds.length !== 1) return void note({ kept: false, reason: 'unsupportedKind', detail: kinds.length ? kinds.join(', ') : 'no interaction' });
  const kind = kinds[0];
  const interaction = elements(body, kind)[0];
  const decl = elements(item.inner, 'responseDeclaration').find((d) => d.attrs.identifier === interaction.attrs.responseIdentifier);
  const correct = elements(elements(decl?.inner ?? '', 'correctResponse')[0]?.inner ?? '', 'value').map((v) => decode(v.inner).trim());
  const mapped = elements(decl?.inner ?? '', 'mapEntry').filter((e) => Number(e.attrs.mappedValue) > 0);
  const base = { label, text };
  let ok = false;
  switch (kind) {
    case 'choiceInteraction': {
      const choices = elements(interaction.inner, 'simpleChoice');
      const right = correct.length ? correct : mapped.map((e) => e.attrs.mapKey);
      if (!correct.length && mapped.length) note({ kept: true, reason: 'partialCredit' });
      const single = interaction.attrs.maxChoices === '1' && decl?.attrs.cardinality !== 'multiple';
      ok = checked(out, number, 'closed', {
        ...base,
        choiceMode: single ? ChoiceMode.radio : ChoiceMode.checkbox,
        options: choices.map((c) => ({ text: plain(c.inner), correct: right.includes(c.attrs.identifier) })),
      });
      break;
    }
    case 'orderInteraction': {
      const choices = new Map(elements(interaction.inner, 'simpleChoice').map((c) => [c.attrs.identifier, plain(c.inner)]));
      ok = checked(out, number, 'sequence', { ...base, items: correct.map((id) => ({ text: choices.get(id) ?? '' })) });
      break;
    }
    case 'matchInteraction': {
      const sets = elements(interaction.inner, 'simpleMatchSet').map((s) => elements(s.inner, 'simpleAssociableChoice'));
      const [sources = [], targets = []] = sets;
      const pairs = correct.map((v) => v.split(/\s+/));
      const seen = new Set<string>();
      ok = checked(out, number, 'matching', {
        ...base,
        targets: targets.map((t) => ({ text: plain(t.inner) })),
        options: sources.map((s) => {
          const p = pairs.find((x) => x[0] === s.attrs.identifier);
          if (pairs.filter((x) => x[0] === s.attrs.identifier).length > 1 && !seen.has(s.attrs.identifier)) {
            seen.add(s.attrs.identifier);
            note({ kept: true, reason: 'partialCredit', detail: plain(s.inner) });
          }
          const t = p ? targets.findIndex((x) => x.attrs.identifier === p[1]) : -1;
          return { text: plain(s.inner), target: t >= 0 ? t : null };
        }),
      });
      break;
    }
    case 'textEntryInteraction':
    case 'extendedTextInteraction': {
      const values = [...new Set([...correct, ...mapped.map((e) => e.attrs.mapKey)])];
      const type = decl?.attrs.baseType;
      const inputType =
        type === 'integer' ? InputValueType.integer
        : type === 'float' ? InputValueType.float
        : type === 'boolean' ? InputValueType.boolean
        : kind === 'extendedTextInteraction' || !values.length ? InputValueType.text
        : InputValueType.string;
      // Onyx scores a text answer near a mapped one too (its mapTolResponse extension)
      const tolerant = elements(item.inner, 'mapTolResponse').some((e) => e.attrs.identifier === decl?.attrs.identifier && Number(e.attrs.tolerance) > 0);
      if (tolerant) note({ kept: true, reason: 'toleranceDropped' });
      ok = checked(out, number, 'free', {
        ...base,
        inputType,
        correctValues: values,
        caseSensitive: elements(decl?.inner ?? '', 'mapEntry').some((e) => e.attrs.caseSensitive === 'true'),
      });
      break;
    }
    default:
      return void note({ kept: false, reason: 'unsupportedKind', detail: kind });
  }
  if (ok && /<(?:[\w-]+:)?(modalFeedback|feedbackInline|feedbackBlock)\b/.test(item.inner)) note({ kept: true, reason: 'feedbackDropped' });
}

// ------------------------------------------------------------------ packages

function unzip(buffer: Buffer, maxBytes: number): Promise<Map<string, Buffer>> {
  return new Promise((ok, fail) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) return fail(err);
      const out = new Map<string, Buffer>();
      let total = 0;
      zip.on('entry', (e: yauzl.Entry) => {
        total += e.uncompressedSize;
        if (total > maxBytes) return fail(new Error('too large'));
        if (/\/$/.test(e.fileName)) return zip.readEntry();
        zip.openReadStream(e, (er, stream) => {
          if (er || !stream) return fail(er);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(e.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', fail);
        });
      });
      zip.on('end', () => ok(out));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
/** A relative path inside the package, or null when it leaves it or is a URL. */
function join(dir: string, src: string): string | null {
  if (/^[a-z][\w+.-]*:/i.test(src) || src.startsWith('/')) return null;
  const parts: string[] = [];
  let path = `${dir}${src}`;
  try {
    path = `${dir}${decodeURIComponent(src)}`;
  } catch {
    // not URL encoding: the path as written
  }
  for (const seg of path.split('/')) {
    if (seg === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else if (seg && seg !== '.') parts.push(seg);
  }
  return packagePath(parts.join('/'));
}
/** A package path as media are named: each part URL-encoded, so a name with spaces stays one reference in the text. */
const packagePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

export const isZip = (b: Buffer) => b.length > 4 && b.readUInt32LE(0) === 0x04034b50;
export const isQtiXml = (s: string) => /<(?:[\w-]+:)?(assessmentItem|manifest)\b/.test(s.slice(0, 4000));

/** A QTI package (zip) or one item file. */
export async function readQti(file: Buffer, maxUnpacked: number): Promise<ReadResult> {
  const out = emptyRead();
  let items: { path: string; xml: string }[];
  let entries = new Map<string, Buffer>();
  if (isZip(file)) {
    entries = await unzip(file, maxUnpacked);
    const manifest = entries.get('imsmanifest.xml')?.toString('utf8');
    if (!manifest) throw new Error('no manifest');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, isArray: (n) => n === 'resource' || n === 'file' }).parse(manifest) as {
      manifest?: { resources?: { resource?: { '@_type'?: string; '@_href'?: string }[] } };
    };
    items = (parsed.manifest?.resources?.resource ?? [])
      .filter((r) => /^imsqti_item_xmlv2p[12]$/.test(r['@_type'] ?? '') && r['@_href'])
      .map((r) => ({ path: r['@_href']!, xml: entries.get(r['@_href']!)?.toString('utf8') ?? '' }));
    for (const [path, content] of entries) if (!/\.xml$/i.test(path)) out.media.push({ name: packagePath(path), content });
  } else items = [{ path: 'item.xml', xml: file.toString('utf8') }];
  items.forEach((it, i) => {
    const valid = it.xml ? XMLValidator.validate(it.xml) : false;
    if (valid !== true) return void out.notes.push({ number: i + 1, title: it.path, kept: false, reason: 'invalid', detail: valid === false ? 'missing' : valid.err.msg });
    readItem(it.xml, i + 1, out, (src) => join(dirOf(it.path), src));
  });
  return out;
}

// ------------------------------------------------------------------ writing

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The stored HTML as XHTML: void elements closed, HTML-only entities as numbers. */
const xhtml = (html: string) =>
  html
    .replace(/<(br|hr|img|col|source|wbr)\b([^>]*?)\s*\/?>/gi, '<$1$2/>')
    .replace(/&nbsp;/g, '&#160;')
    .replace(/&(?!(lt|gt|amp|quot|apos|#\d+|#x[\da-f]+);)/gi, '&amp;');

const NS = 'xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqti_v2p1 http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd"';
const RP = 'http://www.imsglobal.org/question/qti_v2p1/rptemplates/';

function itemXml(id: string, q: ParsedQuestion, text: string, note: (n: Omit<FileNote, 'number' | 'title'>) => void): string | null {
  const decl = (cardinality: string, baseType: string, values: string[], extra = '') =>
    `<responseDeclaration identifier="RESPONSE" cardinality="${cardinality}" baseType="${baseType}">${values.length ? `<correctResponse>${values.map((v) => `<value>${esc(v)}</value>`).join('')}</correctResponse>` : ''}${extra}</responseDeclaration>`;
  let declaration: string;
  let interaction: string;
  let rp = `${RP}match_correct`;
  switch (q.kind) {
    case 'closed': {
      const opts = q.input.options ?? [];
      const single = q.input.choiceMode === ChoiceMode.radio;
      declaration = decl(single ? 'single' : 'multiple', 'identifier', opts.flatMap((o, i) => (o.correct ? [`C${i + 1}`] : [])));
      interaction = `<choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${single ? 1 : 0}">${opts.map((o, i) => `<simpleChoice identifier="C${i + 1}">${esc(o.text)}</simpleChoice>`).join('')}</choiceInteraction>`;
      break;
    }
    case 'free': {
      const f = q.input;
      freeNotes(f, note, { caseSensitive: true, dateType: false, textWithAnswers: true });
      const baseType = f.inputType === InputValueType.integer ? 'integer' : f.inputType === InputValueType.float ? 'float' : f.inputType === InputValueType.boolean ? 'boolean' : 'string';
      const mapping =
        f.correctValues.length > 1 && baseType === 'string'
          ? `<mapping defaultValue="0">${f.correctValues.map((v) => `<mapEntry mapKey="${esc(v)}" mappedValue="1" caseSensitive="${f.caseSensitive}"/>`).join('')}</mapping>`
          : f.caseSensitive
            ? `<mapping defaultValue="0">${f.correctValues.map((v) => `<mapEntry mapKey="${esc(v)}" mappedValue="1" caseSensitive="true"/>`).join('')}</mapping>`
            : '';
      declaration = decl('single', baseType, f.correctValues.slice(0, 1), mapping);
      if (mapping) rp = `${RP}map_response`;
      const extended = f.inputType === InputValueType.text;
      interaction = extended ? '<extendedTextInteraction responseIdentifier="RESPONSE"/>' : '<p><textEntryInteraction responseIdentifier="RESPONSE"/></p>';
      if (!f.correctValues.length) rp = '';
      break;
    }
    case 'matching': {
      const m = q.input;
      declaration = decl('multiple', 'directedPair', m.options.flatMap((o, i) => (o.target === null ? [] : [`S${i + 1} T${o.target + 1}`])));
      interaction = `<matchInteraction responseIdentifier="RESPONSE" shuffle="false" maxAssociations="${m.options.length}"><simpleMatchSet>${m.options
        .map((o, i) => `<simpleAssociableChoice identifier="S${i + 1}" matchMax="1">${esc(o.text)}</simpleAssociableChoice>`)
        .join('')}</simpleMatchSet><simpleMatchSet>${m.targets.map((t, i) => `<simpleAssociableChoice identifier="T${i + 1}" matchMax="${m.options.length}">${esc(t.text)}</simpleAssociableChoice>`).join('')}</simpleMatchSet></matchInteraction>`;
      break;
    }
    case 'sequence':
      declaration = decl('ordered', 'identifier', q.input.items.map((_, i) => `I${i + 1}`));
      interaction = `<orderInteraction responseIdentifier="RESPONSE" shuffle="true">${q.input.items.map((it, i) => `<simpleChoice identifier="I${i + 1}">${esc(it.text)}</simpleChoice>`).join('')}</orderInteraction>`;
      break;
    default:
      return null;
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<assessmentItem ${NS} identifier="${id}" title="${esc(q.input.label)}" adaptive="false" timeDependent="false">`,
    declaration,
    '<outcomeDeclaration identifier="SCORE" cardinality="single" baseType="float"/>',
    `<itemBody><div>${text}</div>${interaction}</itemBody>`,
    rp ? `<responseProcessing template="${rp}"/>` : '',
    '</assessmentItem>',
    '',
  ].join('\n');
}

/** A QTI 2.1 package of the questions: imsmanifest.xml, one item file each, pictures in media/. */
export async function writeQti(questions: ParsedQuestion[], bankName: string, media: MediaMap = new Map()): Promise<WriteResult> {
  const notes: FileNote[] = [];
  const zip = new yazl.ZipFile();
  const resources: string[] = [];
  const added = new Set<string>();
  questions.forEach((q, i) => {
    const number = i + 1;
    const id = `item-${number}`;
    const used: string[] = [];
    const text = xhtml(q.input.text).replace(/src="([^"]+)"/g, (all, src: string) => {
      const m = media.get(decode(src));
      if (!m) return all;
      const path = `media/${m.name}`;
      if (!added.has(path)) zip.addBuffer(m.content, path);
      added.add(path);
      used.push(path);
      return `src="${esc(path)}"`;
    });
    const xml = itemXml(id, q, text, (n) => notes.push({ number, title: q.input.label, ...n }));
    if (xml === null) return void notes.push({ number, title: q.input.label, kept: false, reason: 'unsupportedKind', detail: q.kind });
    zip.addBuffer(Buffer.from(xml, 'utf8'), `${id}.xml`);
    resources.push(`<resource identifier="${id}" type="imsqti_item_xmlv2p1" href="${id}.xml"><file href="${id}.xml"/>${used.map((p) => `<file href="${esc(p)}"/>`).join('')}</resource>`);
  });
  const manifest = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_v1p2" identifier="ELP-BANK">',
    `<metadata><schema>QTIv2.1 Package</schema><schemaversion>1.0.0</schemaversion><imsmd:lom><imsmd:general><imsmd:title><imsmd:langstring>${esc(bankName)}</imsmd:langstring></imsmd:title></imsmd:general></imsmd:lom></metadata>`,
    '<organizations/>',
    `<resources>${resources.join('')}</resources>`,
    '</manifest>',
    '',
  ].join('\n');
  zip.addBuffer(Buffer.from(manifest, 'utf8'), 'imsmanifest.xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(Buffer.from(c as Uint8Array));
  return { content: Buffer.concat(chunks), notes };
}
