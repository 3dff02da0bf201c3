import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { XMLParser } from 'fast-xml-parser';
import yauzl from 'yauzl';
import { AppError } from '../../errors.js';
import type { ScormOrganisation } from '../../../shared/calls/study/scorm.js';
import { parseOrganisation, renameAdlseq, sequencingCollection, sequencingOf, type SequencingCollection } from './scormOrganisation.js';

/**
 * SCORM package checks (ARCHITECTURE §3): a ZIP with imsmanifest.xml at its root (or in the
 * one folder the package was zipped with, packageRoot), no
 * absolute or `..` paths, no symbolic links, no encrypted entries, at most `maxEntries`
 * entries and at most the caller's cap unpacked (SCORM_MAX_UNPACKED_MB): the declared sizes
 * are summed before anything is written and the real bytes counted while writing, since a
 * zip bomb lies in its headers. The caller unpacks into a temporary folder and removes it on
 * failure.
 *
 * Limits are a mutable object so tests can tune them.
 */
export const scormLimits = {
  maxArchiveBytes: 500 * 1024 * 1024,
  maxEntries: 20_000,
};

/** A SCO of the default organisation with what the manifest says of its rules (null when absent). */
export interface ScormSco {
  identifier: string;
  title: string | null;
  href: string;
  /** 1.2 adlcp:masteryscore, 0..100 */
  masteryScore: number | null;
  /** 2004 imsss:minNormalizedMeasure of a primary objective satisfied by measure, -1..1 */
  scaledPassingScore: number | null;
  /** 2004 adlcp:completionThreshold (3rd edition: its value; 4th: minProgressMeasure when completedByMeasure), 0..1 */
  completionThreshold: number | null;
  /** adlcp:datafromlms (1.2) / adlcp:dataFromLMS (2004): the package's cmi.launch_data */
  dataFromLms: string | null;
}

export interface ScormManifest {
  /** '1.2' or '2004' */
  version: string;
  /** '1.2', '2004 2nd', '2004 3rd', '2004 4th', or '2004' when the manifest does not say */
  edition: string;
  /** the manifest has SCORM 2004 sequencing (imsss:sequencing or a sequencing collection) */
  hasSequencing: boolean;
  /** the launch page (relative path inside the package, with its parameters) */
  launch: string;
  title: string | null;
  scos: ScormSco[];
  /** the default organisation as a tree, with 2004 sequencing (scormOrganisation.ts) */
  organisation?: ScormOrganisation;
}

const invalid = (description: string, vars?: Record<string, string | number>) =>
  new AppError(400, 'FileUpload.DataError', { title: 'programs.scormInvalid', description, vars });
export const tooLarge = (vars: Record<string, string | number>) =>
  new AppError(400, 'FileSizeLimitExceeded.Error', { title: 'programs.scormInvalid', description: 'programs.fileTooLarge', vars });

/** A relative path that stays inside the package, or null. */
export function safeEntryPath(name: string): string | null {
  if (!name || name.includes('\0') || name.includes('\\')) return null;
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return null;
  const parts = name.split('/');
  if (parts.some((p) => p === '..')) return null;
  return parts.filter((p) => p !== '' && p !== '.').join('/');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((ok, fail) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: true }, (err, zip) =>
      err ? fail(err) : ok(zip),
    ),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((ok, fail) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      if (entries.length > scormLimits.maxEntries) {
        zip.close();
        fail(invalid('programs.scormTooManyFiles', { max: scormLimits.maxEntries }));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => ok(entries));
    zip.on('error', fail);
    zip.readEntry();
  });
}

/** Maps yauzl's own name checks ("absolute path", "invalid relative path") onto our answer. */
function zipError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  const m = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(msg);
  if (m) return invalid('programs.scormUnsafePath', { path: m[2] });
  return invalid('programs.scormNotZip');
}

/**
 * Checks the package at `zipPath` and unpacks it into `destDir` (which must exist and be
 * empty). Throws an AppError (400) naming what is wrong; the caller removes `destDir`.
 */
export async function unpackScorm(zipPath: string, destDir: string, maxUnpackedBytes: number): Promise<ScormManifest> {
  let entries: yauzl.Entry[];
  try {
    entries = await listEntries(await openZip(zipPath));
  } catch (err) {
    throw zipError(err);
  }
  let declared = 0;
  const files: { entry: yauzl.Entry; path: string }[] = [];
  for (const e of entries) {
    const path = safeEntryPath(e.fileName);
    if (path === null) throw invalid('programs.scormUnsafePath', { path: e.fileName });
    if (((e.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw invalid('programs.scormLink', { path: e.fileName });
    if (e.isEncrypted()) throw invalid('programs.scormNotZip');
    if (e.fileName.endsWith('/')) continue;
    declared += e.uncompressedSize;
    if (declared > maxUnpackedBytes) throw tooLargeUnpacked(maxUnpackedBytes);
    files.push({ entry: e, path });
  }
  const base = packageRoot(files.map((f) => f.path));

  // Second pass: write. The real bytes are counted too (a lying header stops here).
  const root = resolve(destDir);
  let written = 0;
  // a package zipped with its folder: that folder's files, from its root (packageRoot)
  const inPackage = files.filter((f) => f.path.startsWith(base)).map((f) => ({ ...f, path: f.path.slice(base.length) }));
  const wanted = new Map(inPackage.map((f) => [f.entry.fileName, f.path]));
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch (err) {
    throw zipError(err);
  }
  await new Promise<void>((ok, fail) => {
    let failed = false;
    const stop = (err: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      fail(zipError(err));
    };
    zip.on('error', stop);
    zip.on('end', () => !failed && ok());
    zip.on('entry', (entry: yauzl.Entry) => {
      const rel = wanted.get(entry.fileName);
      if (rel === undefined) return zip.readEntry();
      const target = resolve(root, rel);
      if (!target.startsWith(root + sep)) return stop(invalid('programs.scormUnsafePath', { path: entry.fileName }));
      zip.openReadStream(entry, (err, stream) => {
        if (err) return stop(err);
        // yauzl may still report (e.g. a size the header understated) after the pipeline gave up on
        // this entry and dropped its listeners: the failure is already handled, the late error is not news
        stream.on('error', () => {});
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            written += chunk.length;
            if (written > maxUnpackedBytes) return done(tooLargeUnpacked(maxUnpackedBytes));
            done(null, chunk);
          },
        });
        mkdir(dirname(target), { recursive: true })
          .then(() => pipeline(stream, counter, createWriteStream(target, { flags: 'wx' })))
          .then(() => zip.readEntry())
          .catch(stop);
      });
    });
    zip.readEntry();
  });

  const xml = await readFile(resolve(root, 'imsmanifest.xml'), 'utf8');
  const manifest = parseManifest(xml);
  // every SCO's launch page must be in the package: name the first one missing
  const present = new Set(inPackage.map((f) => f.path));
  for (const sco of manifest.scos) {
    const file = safeEntryPath(decodeHref(sco.href.split(/[?#]/)[0]));
    if (file === null || !present.has(file)) throw invalid('programs.scormMissingFile', { path: sco.href.split(/[?#]/)[0] });
  }
  return manifest;
}

/** What an archive's tools add beside the package: not part of it. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/**
 * Where the package's root is in the archive: '' when imsmanifest.xml is at the root; a folder
 * ('course/') when the package was zipped with its enclosing folder — the only manifest is
 * there and every other file (but an archiver's litter) is inside it, so nothing is lost and
 * nothing outside it is served. Otherwise a 400 that says what the archive is: a cmi5 or AICC
 * course, a manifest in a folder that cannot be taken as the root, or no manifest at all.
 */
export function packageRoot(paths: string[]): string {
  if (paths.includes('imsmanifest.xml')) return '';
  const manifests = paths.filter((p) => p.endsWith('/imsmanifest.xml') && !JUNK.test(p));
  if (manifests.length) {
    const folder = manifests[0].slice(0, -'imsmanifest.xml'.length);
    if (manifests.length === 1 && paths.every((p) => p.startsWith(folder) || JUNK.test(p))) return folder;
    throw invalid('programs.scormManifestInFolder', { folder });
  }
  if (paths.some((p) => /(^|\/)cmi5\.xml$/i.test(p))) throw invalid('programs.scormIsCmi5');
  if (paths.some((p) => /\.(au|crs|des)$/i.test(p))) throw invalid('programs.scormIsAicc');
  throw invalid('programs.scormNoManifest');
}

/** A manifest's href may be URL-encoded (spaces as %20); the zip holds the plain name. */
function decodeHref(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

function tooLargeUnpacked(maxBytes: number): AppError {
  return new AppError(400, 'FileSizeLimitExceeded.Error', {
    title: 'programs.scormInvalid',
    description: 'programs.scormTooLarge',
    vars: { maxMb: Number((maxBytes / 1024 / 1024).toFixed(2)) },
  });
}

type Node = Record<string, unknown>;
const arr = (v: unknown): Node[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]) as Node[];
const text = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (v && typeof v === 'object' && '#text' in (v as Node)) return text((v as Node)['#text']);
  return null;
};

/** Reads imsmanifest.xml: version, launch page, SCOs. Throws 400 when it names no launch page. */
export function parseManifest(xml: string): ScormManifest {
  let doc: Node;
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, processEntities: false, parseTagValue: false });
    doc = parser.parse(renameAdlseq(xml)) as Node;
  } catch {
    throw invalid('programs.scormBadManifest');
  }
  const manifest = doc.manifest as Node | undefined;
  if (!manifest || typeof manifest !== 'object') throw invalid('programs.scormBadManifest');
  const schemaVersion = text((manifest.metadata as Node | undefined)?.schemaversion) ?? '';
  const version = /2004|1\.3/.test(schemaVersion) || /adlcp_v1p3/.test(xml) ? '2004' : '1.2';
  const edition = version === '1.2' ? '1.2' : editionOf(schemaVersion, xml);
  const hasSequencing = version === '2004' && /<(?:[\w-]+:)?sequencing(?:Collection)?[\s>/]/.test(xml);

  const resources = arr((manifest.resources as Node | undefined)?.resource);
  const byId = new Map(resources.map((r) => [String(r['@_identifier'] ?? ''), r]));
  const hrefOf = (r: Node | undefined, params?: unknown): string | null => {
    const href = r ? text(r['@_href']) : null;
    if (!href) return null;
    const base = r && typeof r['@_base'] === 'string' ? (r['@_base'] as string) : '';
    const p = typeof params === 'string' ? params : '';
    return base + href + (p && !p.startsWith('?') && !p.startsWith('#') ? `?${p}` : p);
  };

  const orgs = manifest.organizations as Node | undefined;
  const orgList = arr(orgs?.organization);
  const defaultOrg = orgList.find((o) => o['@_identifier'] === orgs?.['@_default']) ?? orgList[0];
  const collection = version === '2004' ? sequencingCollection(manifest) : new Map<string, Node>();
  const scos: ScormManifest['scos'] = [];
  const walk = (items: Node[]) => {
    for (const item of items) {
      const ref = item['@_identifierref'];
      const href = typeof ref === 'string' ? hrefOf(byId.get(ref), item['@_parameters']) : null;
      if (href) scos.push({ identifier: String(item['@_identifier'] ?? ref), title: text(item.title), href, ...scoRules(item, collection) });
      walk(arr(item.item));
    }
  };
  if (defaultOrg) walk(arr(defaultOrg.item));
  if (scos.length === 0) {
    for (const r of resources) {
      const type = String(r['@_scormtype'] ?? r['@_scormType'] ?? '').toLowerCase();
      const href = hrefOf(r);
      if (href && (type === 'sco' || scos.length === 0)) scos.push({ identifier: String(r['@_identifier'] ?? ''), title: null, href, ...scoRules({}, collection) });
    }
  }
  const launch = scos[0]?.href;
  if (!launch || safeEntryPath(launch.split(/[?#]/)[0]) === null || /^[a-z]+:/i.test(launch)) throw invalid('programs.scormBadManifest');
  const organisation = parseOrganisation({ organisation: defaultOrg, version, collection, launchOf: (ref, params) => { const r = byId.get(ref); const href = hrefOf(r, params); return href ? { href, asset: /^asset$/i.test(String(r?.['@_scormtype'] ?? r?.['@_scormType'] ?? '')) } : null; } });
  return { version, edition, hasSequencing, launch, title: text(defaultOrg?.title), scos, organisation };
}

/** The 2004 edition from the manifest's schemaversion ("CAM 1.3", "2004 3rd Edition", "2004 4th Edition"), else from 4th-edition-only markup. */
function editionOf(schemaVersion: string, xml: string): string {
  const s = schemaVersion.toLowerCase();
  if (/4th/.test(s)) return '2004 4th';
  if (/3rd/.test(s)) return '2004 3rd';
  if (/cam 1\.3|2nd/.test(s)) return '2004 2nd';
  if (/completedByMeasure|minProgressMeasure|adlcp:sharedDataGlobalToSystem/.test(xml)) return '2004 4th';
  return '2004';
}

const numberIn = (v: unknown, min: number, max: number): number | null => {
  const t = text(v);
  const n = t === null ? NaN : Number(t);
  return Number.isFinite(n) && n >= min && n <= max ? n : null;
};
const isTrue = (v: unknown) => String(v ?? '').trim().toLowerCase() === 'true';

/** An item's rules and launch data (adlcp:masteryscore, adlcp:datafromlms / dataFromLMS, adlcp:completionThreshold, imsss primary objective). */
function scoRules(item: Node, collection: SequencingCollection): Pick<ScormSco, 'masteryScore' | 'scaledPassingScore' | 'completionThreshold' | 'dataFromLms'> {
  const threshold = item.completionThreshold;
  let completionThreshold: number | null = null;
  if (threshold && typeof threshold === 'object' && ('@_completedByMeasure' in threshold || '@_minProgressMeasure' in threshold)) {
    // 4th edition: the measure decides only when completedByMeasure is true (minProgressMeasure defaults to 1)
    const t = threshold as Node;
    if (isTrue(t['@_completedByMeasure'])) completionThreshold = t['@_minProgressMeasure'] === undefined ? 1 : numberIn(t['@_minProgressMeasure'], 0, 1);
  } else completionThreshold = numberIn(threshold, 0, 1);
  const primary = arr(arr(sequencingOf(item, collection)?.objectives)[0]?.primaryObjective)[0];
  const scaledPassingScore = primary && isTrue(primary['@_satisfiedByMeasure']) ? numberIn(primary.minNormalizedMeasure ?? 1, -1, 1) : null;
  const data = text(item.datafromlms ?? item.dataFromLMS);
  return { masteryScore: numberIn(item.masteryscore, 0, 100), scaledPassingScore, completionThreshold, dataFromLms: data };
}
