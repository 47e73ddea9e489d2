/**
 * A structural check of ISO 19139 documents against the content models of the official schemas, read from the
 * npm packages `ogc-schemas` and `w3c-schemas`: their Jsonix mappings are compiled from the OGC copies of the
 * ISO/TS 19139:2007 schemas (schemas.opengis.net iso/19139/20070417: gmd, gco, gts, gsr, gss), GML 3.2.1 and
 * W3C XLink. No package ships the XSD files themselves (server/catalogue/CONTEXT.md lists the ones looked at),
 * so xmllint cannot validate against them; the mappings keep most of what the XSDs say about structure.
 *
 * Checked, for every element from the root down: the element is one its parent's type declares at that place
 * (name and namespace; members of an element's substitution group; a type given with xsi:type must derive from
 * the declared one), children come in the order of the type's sequence and no more often than it allows,
 * required elements of the gmd object types are there, attributes are declared (required ones present), elements
 * of simple type have no child elements, gco:Decimal/Integer/Boolean/DateTime values have their XSD lexical form,
 * and enumerations (MD_TopicCategoryCode) hold one of their values.
 *
 * Not checked, because the mappings do not carry it: the facets of other simple types (gco:Date's union of
 * date, gYearMonth and gYear), and required elements inside `_PropertyType`s and GML types, whose choices (a
 * value or gco:nilReason; gml:beginPosition or gml:begin) the mappings flatten into alternatives that are each
 * marked required.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The packages and versions whose mappings the check reads (devDependencies). */
export const MAPPING_PACKAGES = { 'ogc-schemas': '2.6.1', 'w3c-schemas': '1.4.0' } as const;

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XMLNS = 'http://www.w3.org/2000/xmlns/';
const GMD = 'http://www.isotc211.org/2005/gmd';

/** A Jsonix mapping module as the packages write it (only the fields read here). */
interface MappingModule {
  n: string;
  dens?: string;
  dans?: string;
  deps?: string[];
  tis: Array<{ ln: string; tn?: string | JsonixName | null; t?: string; bti?: string; ps?: JsonixProperty[]; vs?: string[] }>;
  eis: Array<{ en: string | JsonixName; ti?: string | { t: string }; sh?: string | JsonixName; sc?: string }>;
}
interface JsonixName {
  lp: string;
  ns?: string;
}
interface JsonixProperty {
  n: string;
  t?: string;
  en?: string | JsonixName;
  an?: JsonixName;
  ti?: string | { t: string };
  rq?: boolean;
  col?: boolean;
  etis?: Array<{ en: string | JsonixName; ti?: string | { t: string } }>;
}

/** `{namespace}local`. */
type Key = string;
const key = (ns: string, local: string): Key => `{${ns}}${local}`;

interface Property {
  name: string;
  kind: 'element' | 'attribute' | 'value' | 'any';
  /** Element names this property accepts, with the type each brings (a class key or a simple type name). */
  elements: Map<Key, string>;
  attribute?: Key;
  required: boolean;
  collection: boolean;
}

interface ClassType {
  id: string;
  name: Key | null;
  namespace: string;
  base: string | null;
  properties: Property[];
}

/** The element and attribute declarations of the loaded mappings, resolved across modules. */
export interface SchemaModel {
  classes: Map<string, ClassType>;
  /** Class id by XML type name, for xsi:type. */
  classByTypeName: Map<Key, string>;
  /** Global elements: their type (class id or simple type name). */
  globalElements: Map<Key, string>;
  enumerations: Map<Key, string[]>;
}

/**
 * Loads the ISO 19139 mappings and those they depend on. Throws, naming the packages to add, when they are not
 * installed: a check that skips itself could never fail.
 */
export function loadIsoSchemaModel(): SchemaModel {
  const require = createRequire(import.meta.url);
  const libraries = Object.keys(MAPPING_PACKAGES).map((name) => {
    try {
      return join(dirname(require.resolve(`${name}/package.json`)), 'lib');
    } catch {
      const wanted = Object.entries(MAPPING_PACKAGES).map(([pkg, version]) => `${pkg}@${version}`).join(' and ');
      throw new Error(`The npm package ${name} is not installed: the ISO 19139 check reads the schemas' mappings from ${wanted} (devDependencies)`);
    }
  });
  const modules = new Map<string, MappingModule>();
  const load = (moduleName: string): void => {
    if (modules.has(moduleName)) return;
    for (const library of libraries) {
      try {
        const module = (require(join(library, `${moduleName}.js`)) as Record<string, MappingModule>)[moduleName];
        modules.set(moduleName, module);
        for (const dependency of module.deps ?? []) load(dependency);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
      }
    }
    throw new Error(`No mapping module ${moduleName} in ${libraries.join(' or ')}`);
  };
  for (const name of ['ISO19139_GMD_20070417', 'ISO19139_GCO_20070417', 'GML_3_2_1']) load(name);
  return buildModel([...modules.values()]);
}

function nameOf(value: string | JsonixName, defaultNamespace: string): Key {
  return typeof value === 'string' ? key(defaultNamespace, value) : key(value.ns ?? defaultNamespace, value.lp);
}

/** A type reference: a class id (`Module.LocalName`) or a built-in simple type name (String when absent). */
function typeRef(ref: string | { t: string } | undefined, module: MappingModule): string {
  if (ref === undefined) return 'String';
  if (typeof ref !== 'string') return ref.t === 'l' ? 'List' : 'String';
  if (ref.startsWith('.')) return `${module.n}${ref}`;
  return ref;
}

export function buildModel(modules: MappingModule[]): SchemaModel {
  const classes = new Map<string, ClassType>();
  const classByTypeName = new Map<Key, string>();
  const globalElements = new Map<Key, string>();
  const enumerations = new Map<Key, string[]>();
  const substitutionHeads = new Map<Key, Key>();
  const enumByModuleName = new Map<string, string[]>();

  for (const module of modules) {
    const ns = module.dens ?? '';
    for (const info of module.tis) if (info.t === 'enum' && info.vs) enumByModuleName.set(`${module.n}.${info.ln}`, info.vs);
    for (const declaration of module.eis) {
      if (declaration.sc) continue;
      const name = nameOf(declaration.en, ns);
      globalElements.set(name, typeRef(declaration.ti, module));
      if (declaration.sh) substitutionHeads.set(name, nameOf(declaration.sh, ns));
      // An enumerated element's type is not linked from its declaration; the compiler names it after the element.
      const local = typeof declaration.en === 'string' ? declaration.en : declaration.en.lp;
      const values = enumByModuleName.get(`${module.n}.${local.replace(/_/g, '')}Type`);
      if (declaration.ti === undefined && values) enumerations.set(name, values);
    }
  }
  // The elements that may stand for a head: itself and its substitution group, transitively.
  const standIns = (head: Key): Key[] => {
    const members = [head];
    for (const [member, memberHead] of substitutionHeads) if (memberHead === head) members.push(...standIns(member));
    return members;
  };

  for (const module of modules) {
    const ns = module.dens ?? '';
    for (const info of module.tis) {
      if (info.t === 'enum') continue;
      const id = `${module.n}.${info.ln}`;
      const properties: Property[] = (info.ps ?? []).map((property) => {
        const base = { name: property.n, required: property.rq === true, collection: property.col === true, elements: new Map<Key, string>() };
        switch (property.t) {
          case 'a':
            return { ...base, kind: 'attribute' as const, attribute: property.an ? key(property.an.ns ?? '', property.an.lp) : key(module.dans ?? '', property.n) };
          case 'v':
            return { ...base, kind: 'value' as const };
          case 'ae':
          case 'aa':
            return { ...base, kind: 'any' as const };
          case 'er':
          case 'ers': {
            const heads = property.t === 'er' ? [property.en ?? property.n] : (property.etis ?? []).map((entry) => entry.en);
            for (const head of heads) for (const member of standIns(nameOf(head, ns))) base.elements.set(member, globalElements.get(member) ?? 'String');
            return { ...base, kind: 'element' as const };
          }
          case 'es':
            for (const entry of property.etis ?? []) base.elements.set(nameOf(entry.en, ns), typeRef(entry.ti, module));
            return { ...base, kind: 'element' as const };
          default:
            base.elements.set(nameOf(property.en ?? property.n, ns), typeRef(property.ti, module));
            return { ...base, kind: 'element' as const };
        }
      });
      const name = info.tn ? nameOf(info.tn, ns) : null;
      classes.set(id, { id, name, namespace: ns, base: info.bti ? typeRef(info.bti, module) : null, properties });
      if (name) classByTypeName.set(name, id);
    }
  }
  return { classes, classByTypeName, globalElements, enumerations };
}

const LEXICAL_FORMS: Record<string, RegExp> = {
  Decimal: /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/,
  Integer: /^\s*[+-]?\d+\s*$/,
  Boolean: /^\s*(true|false|1|0)\s*$/,
  DateTime: /^\s*-?\d{4,}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?\s*$/,
};

/** Every property of a class, its bases' first (the order of an extension's sequence). */
function allProperties(model: SchemaModel, classId: string): Property[] {
  const type = model.classes.get(classId);
  if (!type) return [];
  return [...(type.base ? allProperties(model, type.base) : []), ...type.properties];
}

function derivesFrom(model: SchemaModel, classId: string, ancestor: string): boolean {
  for (let id: string | null = classId; id; id = model.classes.get(id)?.base ?? null) if (id === ancestor) return true;
  return false;
}

const display = (element: Element): string => element.tagName;
const elementKey = (element: Element): Key => key(element.namespaceURI ?? '', element.localName);

/** The structural problems of a document whose root is a global element of the model, as `path: message` lines. */
export function checkIsoStructure(model: SchemaModel, document: Document): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const rootType = model.globalElements.get(elementKey(root));
  if (rootType === undefined) return [`/${display(root)}: not a global element of the ISO 19139 schemas`];
  checkElement(model, root, rootType, `/${display(root)}`, problems);
  return problems;
}

function checkElement(model: SchemaModel, element: Element, declaredType: string, path: string, problems: string[]): void {
  let type = declaredType;
  const xsiType = element.getAttributeNS(XSI, 'type');
  if (xsiType) {
    const [prefix, local] = xsiType.includes(':') ? xsiType.split(':') : [null, xsiType];
    const derived = model.classByTypeName.get(key(element.lookupNamespaceURI(prefix) ?? '', local));
    if (!derived) problems.push(`${path}: xsi:type ${xsiType} is no type of the schemas`);
    else if (!derivesFrom(model, derived, declaredType)) problems.push(`${path}: xsi:type ${xsiType} does not derive from the declared type`);
    else type = derived;
  }
  const children = [...element.children];
  const text = element.textContent ?? '';
  const classType = model.classes.get(type);
  if (!classType) {
    // A simple type: text only.
    if (children.length > 0) problems.push(`${path}: simple content expected, found element ${display(children[0])}`);
    const form = LEXICAL_FORMS[type];
    if (form && !form.test(text)) problems.push(`${path}: "${text}" is not a valid ${type}`);
    const values = model.enumerations.get(elementKey(element));
    if (values && !values.includes(text.trim())) problems.push(`${path}: "${text}" is not one of the values of ${display(element)}`);
    return;
  }
  const properties = allProperties(model, type);

  for (const attribute of [...element.attributes]) {
    if (attribute.namespaceURI === XMLNS || attribute.namespaceURI === XSI) continue;
    const name = key(attribute.namespaceURI ?? '', attribute.localName);
    if (!properties.some((property) => property.kind === 'any' || property.attribute === name)) {
      problems.push(`${path}: attribute ${attribute.name} is not allowed on ${classType.name ?? type}`);
    }
  }
  for (const property of properties) {
    if (property.kind !== 'attribute' || !property.required || !property.attribute) continue;
    const [, ns, local] = /^\{(.*)\}(.*)$/.exec(property.attribute)!;
    if (!element.hasAttributeNS(ns || null, local)) problems.push(`${path}: required attribute ${local} is missing`);
  }

  const valueProperty = properties.some((property) => property.kind === 'value');
  if (valueProperty && children.length > 0) problems.push(`${path}: simple content expected, found element ${display(children[0])}`);

  const seen = new Set<Property>();
  let cursor = 0;
  let lastProperty: Property | null = null;
  children.forEach((child, index) => {
    const childPath = `${path}/${display(child)}[${index + 1}]`;
    const name = elementKey(child);
    const accepting = (property: Property) => property.kind === 'any' || property.elements.has(name);
    const at = properties.findIndex((property, position) => position >= cursor && accepting(property));
    if (at < 0) {
      const earlier = properties.findIndex(accepting);
      if (earlier < 0) {
        problems.push(`${childPath}: not allowed in ${classType.name ?? type}`);
        return;
      }
      // Misplaced, but there: not reported missing as well.
      problems.push(`${childPath}: out of order (must come before ${display(children[index - 1])})`);
      seen.add(properties[earlier]);
      return;
    }
    const property = properties[at];
    if (property === lastProperty && !property.collection) problems.push(`${childPath}: allowed once only`);
    seen.add(property);
    lastProperty = property;
    cursor = at;
    if (property.kind === 'element') checkElement(model, child, property.elements.get(name)!, childPath, problems);
  });

  // Required elements of the gmd object types (see the file comment for why not of property and GML types).
  if (classType.namespace === GMD && classType.name && !classType.name.endsWith('_PropertyType')) {
    for (const property of properties) {
      if (property.kind !== 'element' || !property.required || seen.has(property)) continue;
      const [first] = property.elements.keys();
      problems.push(`${path}: required element ${first?.replace(/^\{.*\}/, '') ?? property.name} is missing`);
    }
  }
}
