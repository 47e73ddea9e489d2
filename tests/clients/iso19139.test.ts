/**
 * ISO 19139 (issue 13 point 5): every metadata document the catalogue serves
 * (`/mapviewer/api/catalogue/{id}/iso19139.xml`, one per record; the document carries all three languages, so it
 * does not vary by page language) is well-formed for xmllint and keeps the structure of the official ISO 19139
 * schemas (tests/clients/isoStructure.ts: from the schemas' mappings in the npm packages ogc-schemas and
 * w3c-schemas, since no package ships the XSD files for `xmllint --schema`). The content-model test beside the
 * generator (server/catalogue/iso19139.test.ts) checks that each element says what the record says.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProgram, runProgram, useLiveServer } from './liveServer';
import { checkIsoStructure, loadIsoSchemaModel, type SchemaModel } from './isoStructure';

const GMD = 'http://www.isotc211.org/2005/gmd';
const GCO = 'http://www.isotc211.org/2005/gco';
const GML = 'http://www.opengis.net/gml/3.2';
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const RECORD_FILES = readdirSync(join(__dirname, '../../manifests/catalogue')).filter((file) => file.endsWith('.json'));

const server = useLiveServer();
let folder: string;
beforeAll(() => void (folder = mkdtempSync(join(tmpdir(), 'iso19139-'))));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let loaded: SchemaModel | undefined;
/** Loaded in the tests, so a missing package fails them (with its name) rather than skipping them. */
const model = (): SchemaModel => (loaded ??= loadIsoSchemaModel());

// jsdom (a dependency of the browser-like tests, which ships no types) parses XML with namespaces as browsers do;
// the live server needs the node environment, so it is loaded here rather than as the test environment.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };
const { DOMParser: XmlParser } = new JSDOM('').window;

function parse(xml: string): Document {
  return new XmlParser().parseFromString(xml, 'application/xml');
}

async function servedIds(): Promise<string[]> {
  const response = await fetch(`${server().origin}/mapviewer/api/catalogue`);
  expect(response.status).toBe(200);
  const { records } = (await response.json()) as { records: Array<{ id: string }> };
  return records.map((record) => record.id);
}

async function served(id: string, download = false): Promise<string> {
  const response = await fetch(`${server().origin}/mapviewer/api/catalogue/${id}/iso19139.xml${download ? '?download=true' : ''}`);
  expect(response.status, id).toBe(200);
  expect(response.headers.get('content-type'), id).toMatch(/^application\/xml/);
  return response.text();
}

describe('ISO 19139 documents as served', () => {
  it('every record has one, the same as a download, well-formed for xmllint', async () => {
    requireProgram('xmllint', 'libxml2-utils');
    const ids = await servedIds();
    expect(ids).toHaveLength(RECORD_FILES.length);
    for (const id of ids) {
      const xml = await served(id);
      expect(await served(id, true), `${id}: the download is the same document`).toBe(xml);
      const file = join(folder, `${id}.xml`);
      writeFileSync(file, xml);
      const lint = runProgram('xmllint', ['--noout', '--nonet', file]);
      expect(lint.stderr, id).toBe('');
      expect(lint.status, id).toBe(0);
    }
  });

  it('every record\'s document has the structure of the ISO 19139 schemas', async () => {
    const problems: string[] = [];
    for (const id of await servedIds()) problems.push(...checkIsoStructure(model(), parse(await served(id))).map((problem) => `${id}: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('the structure check finds what the schemas forbid', async () => {
    const [id] = await servedIds();
    const xml = await served(id);
    const broken = (change: (document: Document) => void): string[] => {
      const document = parse(xml);
      change(document);
      return checkIsoStructure(model(), document);
    };
    const first = (document: Document, ns: string, name: string) => document.getElementsByTagNameNS(ns, name)[0];

    expect(broken(() => {})).toEqual([]);
    // Out of order: the date stamp before the contact.
    expect(broken((d) => d.documentElement.insertBefore(first(d, GMD, 'dateStamp'), first(d, GMD, 'contact')))).toEqual([
      expect.stringMatching(/gmd:contact\[\d+\]: out of order/),
    ]);
    // A Chinese text beside the English one needs the PT_FreeText property type.
    expect(broken((d) => first(d, GMD, 'title').removeAttributeNS(XSI, 'type'))).toEqual([
      expect.stringMatching(/gmd:title\[1\]\/gmd:PT_FreeText\[2\]: not allowed in \{http:\/\/www.isotc211.org\/2005\/gco\}CharacterString_PropertyType/),
    ]);
    expect(broken((d) => first(d, GMD, 'MD_ScopeCode').removeAttribute('codeList'))).toEqual([expect.stringMatching(/required attribute codeList is missing/)]);
    expect(broken((d) => first(d, GMD, 'MD_ScopeCode').setAttribute('codeSpace', 'x'))).toEqual([]);
    expect(broken((d) => first(d, GMD, 'MD_ScopeCode').setAttribute('colour', 'red'))).toEqual([expect.stringMatching(/attribute colour is not allowed/)]);
    expect(
      broken((d) => {
        const abstract = first(d, GMD, 'abstract');
        const summary = d.createElementNS(GMD, 'gmd:summary');
        summary.append(...abstract.childNodes);
        abstract.replaceWith(summary);
      }),
    ).toEqual([expect.stringMatching(/gmd:summary\[\d+\]: not allowed in \{http:\/\/www.isotc211.org\/2005\/gmd\}MD_DataIdentification_Type/), expect.stringMatching(/MD_DataIdentification\[1\]: required element abstract is missing/)]);
    expect(broken((d) => first(d, GML, 'TimePeriod').removeAttributeNS(GML, 'id'))).toEqual([expect.stringMatching(/gml:TimePeriod\[1\]: required attribute id is missing/)]);
    expect(broken((d) => (first(d, GCO, 'Decimal').textContent = 'east'))).toEqual([expect.stringMatching(/"east" is not a valid Decimal/)]);
    expect(broken((d) => (first(d, GMD, 'MD_TopicCategoryCode').textContent = 'weather'))).toEqual([expect.stringMatching(/"weather" is not one of the values/)]);
    expect(broken((d) => first(d, GMD, 'citation').remove())).toEqual([expect.stringMatching(/MD_DataIdentification\[1\]: required element citation is missing/)]);
    expect(broken((d) => d.documentElement.insertBefore(first(d, GMD, 'fileIdentifier').cloneNode(true), first(d, GMD, 'language')))).toEqual([
      expect.stringMatching(/gmd:fileIdentifier\[2\]: allowed once only/),
    ]);
  });
});
