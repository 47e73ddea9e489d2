// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsoView, IsoParseError, parseIsoXml, type IsoFieldId, type IsoSection, type IsoSectionId, type IsoValue } from './isoView';

const SAMPLE = readFileSync(join(import.meta.dirname, 'sampleRecord.test.xml'), 'utf8');

function valuesOf(sections: IsoSection[], sectionId: IsoSectionId, fieldId: IsoFieldId, group = 0): IsoValue[] | undefined {
  return sections.find((section) => section.id === sectionId)?.groups[group]?.find((field) => field.id === fieldId)?.values;
}

describe('parseIsoXml', () => {
  it('accepts an ISO 19139 record', () => {
    expect(parseIsoXml(SAMPLE).localName).toBe('MD_Metadata');
  });

  it('reports malformed XML', () => {
    expect(() => parseIsoXml('<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd"><unclosed>')).toThrow(IsoParseError);
    expect(() => parseIsoXml('not xml at all')).toThrow(expect.objectContaining({ reason: 'not-xml' }));
  });

  it('refuses a well-formed document that is not gmd:MD_Metadata', () => {
    expect(() => parseIsoXml('<html><body>Not found</body></html>')).toThrow(/not gmd:MD_Metadata/);
    expect(() => parseIsoXml('<MD_Metadata/>')).toThrow(expect.objectContaining({ reason: 'not-iso' }));
  });
});

describe('buildIsoView', () => {
  const root = parseIsoXml(SAMPLE);

  it('lists the sections in the order of the record, each only with values', () => {
    expect(buildIsoView(root, 'en-US').map((section) => section.id)).toEqual([
      'identification',
      'contact',
      'extent',
      'keywords',
      'maintenance',
      'constraints',
      'distribution',
      'quality',
      'referenceSystem',
      'metadata',
    ]);
  });

  it('reads English from the CharacterString', () => {
    const view = buildIsoView(root, 'en-US');
    expect(valuesOf(view, 'identification', 'title')).toEqual([{ kind: 'text', text: '3D Indoor Map' }]);
    expect(valuesOf(view, 'identification', 'abstract')).toEqual([{ kind: 'text', text: 'Floor plans of buildings and metro stations in 3D.' }]);
    expect(valuesOf(view, 'contact', 'organisation')).toEqual([{ kind: 'text', text: 'Survey and Mapping Office, Lands Department' }]);
    expect(valuesOf(view, 'keywords', 'keyword')).toEqual([
      { kind: 'text', text: 'indoor' },
      { kind: 'text', text: 'floor plan' },
    ]);
    expect(valuesOf(view, 'quality', 'lineage')).toEqual([{ kind: 'text', text: 'Digitised from as-built floor plans.' }]);
  });

  it('reads Traditional and Simplified Chinese from the matching LocalisedCharacterString', () => {
    const traditional = buildIsoView(root, 'zh-HK');
    expect(valuesOf(traditional, 'identification', 'title')).toEqual([{ kind: 'text', text: '三維室內地圖' }]);
    expect(valuesOf(traditional, 'contact', 'individual')).toEqual([{ kind: 'text', text: '陳大文' }]);
    expect(valuesOf(traditional, 'constraints', 'otherConstraints')).toEqual([{ kind: 'text', text: '須註明出處。' }]);
    expect(valuesOf(traditional, 'constraints', 'useLimitation')).toEqual([{ kind: 'text', text: '按使用條款免費使用。' }]);
    expect(valuesOf(traditional, 'quality', 'dataQuality')).toEqual([{ kind: 'text', text: '已與樓層目錄核對。' }]);

    const simplified = buildIsoView(root, 'zh-CN');
    expect(valuesOf(simplified, 'identification', 'title')).toEqual([{ kind: 'text', text: '三维室内地图' }]);
    expect(valuesOf(simplified, 'keywords', 'keyword')).toEqual([
      { kind: 'text', text: '室内' },
      { kind: 'text', text: '楼层平面图' },
    ]);
  });

  it('falls back to English where the record has no text in the language', () => {
    expect(valuesOf(buildIsoView(root, 'zh-HK'), 'identification', 'purpose')).toEqual([{ kind: 'text', text: '室內導航及規劃。' }]);
    expect(valuesOf(buildIsoView(root, 'zh-CN'), 'identification', 'purpose')).toEqual([{ kind: 'text', text: 'Indoor navigation and planning.' }]);
  });

  it('returns code-list values as codes for the view to translate', () => {
    const view = buildIsoView(root, 'zh-HK');
    expect(valuesOf(view, 'identification', 'status')).toEqual([{ kind: 'code', list: 'status', code: 'onGoing' }]);
    expect(valuesOf(view, 'maintenance', 'updateFrequency')).toEqual([{ kind: 'code', list: 'updateFrequency', code: 'quarterly' }]);
    expect(valuesOf(view, 'constraints', 'classification')).toEqual([{ kind: 'code', list: 'classification', code: 'unclassified' }]);
    expect(valuesOf(view, 'constraints', 'useConstraints')).toEqual([{ kind: 'code', list: 'restriction', code: 'otherRestrictions' }]);
    expect(valuesOf(view, 'contact', 'role')).toEqual([{ kind: 'code', list: 'role', code: 'pointOfContact' }]);
    expect(valuesOf(view, 'keywords', 'topicCategory')).toEqual([
      { kind: 'code', list: 'topicCategory', code: 'structure' },
      { kind: 'code', list: 'topicCategory', code: 'transportation' },
    ]);
  });

  it('reads dates with their types, the extent and the metadata block', () => {
    const view = buildIsoView(root, 'en-US');
    expect(valuesOf(view, 'identification', 'date')).toEqual([
      { kind: 'date', date: '2021-03-01', dateType: 'creation' },
      { kind: 'date', date: '2024-04-30', dateType: 'revision' },
    ]);
    expect(valuesOf(view, 'identification', 'identifier')).toEqual([{ kind: 'text', text: 'LandsD-3DIM' }]);
    expect(valuesOf(view, 'extent', 'west')).toEqual([{ kind: 'text', text: '113.83' }]);
    expect(valuesOf(view, 'extent', 'north')).toEqual([{ kind: 'text', text: '22.57' }]);
    expect(valuesOf(view, 'extent', 'begin')).toEqual([{ kind: 'date', date: '2021-03-01' }]);
    expect(valuesOf(view, 'extent', 'end')).toEqual([{ kind: 'ongoing' }]);
    expect(valuesOf(view, 'contact', 'email')).toEqual([{ kind: 'email', address: '3dmap@landsd.gov.hk' }]);
    expect(valuesOf(view, 'contact', 'phone')).toEqual([{ kind: 'text', text: '+852 2231 3000' }]);
    expect(valuesOf(view, 'distribution', 'format')).toEqual([
      { kind: 'format', name: 'GEOJSON', version: 'RFC 7946' },
      { kind: 'format', name: 'SHP' },
    ]);
    expect(valuesOf(view, 'referenceSystem', 'referenceSystem')).toEqual([{ kind: 'text', text: 'EPSG:2326' }]);
    expect(valuesOf(view, 'metadata', 'fileIdentifier')).toEqual([{ kind: 'text', text: 'sample-indoor-maps' }]);
    expect(valuesOf(view, 'metadata', 'dateStamp')).toEqual([{ kind: 'date', date: '2024-05-02' }]);
    expect(valuesOf(view, 'metadata', 'characterSet')).toEqual([{ kind: 'code', list: 'characterSet', code: 'utf8' }]);
    expect(valuesOf(view, 'metadata', 'language')).toEqual([{ kind: 'code', list: 'language', code: 'eng' }]);
  });

  it('shows a contact who is both metadata contact and point of contact once', () => {
    const doubled = SAMPLE.replace(
      '<gmd:abstract',
      `<gmd:pointOfContact>${SAMPLE.slice(SAMPLE.indexOf('<gmd:CI_ResponsibleParty>'), SAMPLE.indexOf('</gmd:contact>'))}</gmd:pointOfContact><gmd:abstract`,
    );
    const view = buildIsoView(parseIsoXml(doubled), 'en-US');
    expect(view.find((section) => section.id === 'contact')?.groups).toHaveLength(1);
  });

  it('leaves out sections the record does not have', () => {
    const bare = `<gmd:MD_Metadata xmlns:gmd="http://www.isotc211.org/2005/gmd" xmlns:gco="http://www.isotc211.org/2005/gco">
      <gmd:fileIdentifier><gco:CharacterString>bare-record</gco:CharacterString></gmd:fileIdentifier></gmd:MD_Metadata>`;
    expect(buildIsoView(parseIsoXml(bare), 'en-US')).toEqual([
      { id: 'metadata', groups: [[{ id: 'fileIdentifier', values: [{ kind: 'text', text: 'bare-record' }] }]] },
    ]);
  });
});
