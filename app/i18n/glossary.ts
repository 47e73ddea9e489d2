/**
 * The product's terminology: one Traditional (Hong Kong) and one Simplified Chinese term for each product word,
 * and the variants translators reached for instead. `glossary.test.ts` reads every locale file against it, so a
 * new message that says 視覺化 where the rest of the product says 可視化 fails the suite and names its key.
 *
 * Chosen terms follow the Lands Department's own usage where it has one (三維可視化地圖 is the product's name in
 * Chinese) and Hong Kong usage in zh-HK (滑鼠, 設定, 搜尋) against mainland usage in zh-CN (鼠标, 设置, 搜索).
 */
import type { Language } from '../../core/plugin/types';

export type ChineseLanguage = Exclude<Language, 'en-US'>;

export interface GlossaryTerm {
  /** The English product word, as it appears in en-US texts. */
  english: string;
  /** The one term each Chinese language uses. */
  chosen: Record<ChineseLanguage, string>;
  /** Words that mean the same thing and must not be used instead (a pattern where the word is also part of a proper name). */
  avoid: Record<ChineseLanguage, readonly (string | RegExp)[]>;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  { english: 'visualisation', chosen: { 'zh-HK': '可視化', 'zh-CN': '可视化' }, avoid: { 'zh-HK': ['視覺化', '視像化', '可视化'], 'zh-CN': ['视觉化', '视像化', '可視化'] } },
  { english: '3D', chosen: { 'zh-HK': '三維', 'zh-CN': '三维' }, avoid: { 'zh-HK': ['3維', '三维', '立體地圖'], 'zh-CN': ['3维', '三維', '立体地图'] } },
  { english: 'map viewer', chosen: { 'zh-HK': '地圖瀏覽器', 'zh-CN': '地图浏览器' }, avoid: { 'zh-HK': ['地圖檢視器', '地圖查看器'], 'zh-CN': ['地图查看器', '地图检视器'] } },
  { english: 'layer', chosen: { 'zh-HK': '圖層', 'zh-CN': '图层' }, avoid: { 'zh-HK': ['图层', '地圖層'], 'zh-CN': ['圖層', '地图层'] } },
  { english: 'legend', chosen: { 'zh-HK': '圖例', 'zh-CN': '图例' }, avoid: { 'zh-HK': ['图例'], 'zh-CN': ['圖例'] } },
  { english: 'metadata', chosen: { 'zh-HK': '元數據', 'zh-CN': '元数据' }, avoid: { 'zh-HK': ['元資料', '詮釋資料', '后設資料'], 'zh-CN': ['元资料', '诠释资料'] } },
  { english: 'API', chosen: { 'zh-HK': '應用程式介面', 'zh-CN': '应用程序接口' }, avoid: { 'zh-HK': ['應用程式接口', '應用程序接口', '編程接口'], 'zh-CN': ['应用程式介面', '应用程式接口', '编程接口'] } },
  { english: 'tile', chosen: { 'zh-HK': '圖塊', 'zh-CN': '图块' }, avoid: { 'zh-HK': ['瓦片', '瓦塊'], 'zh-CN': ['瓦片', '瓦块'] } },
  { english: 'grid', chosen: { 'zh-HK': '網格', 'zh-CN': '网格' }, avoid: { 'zh-HK': [/(?<!方)格網/, '格子網'], 'zh-CN': [/(?<!方)格网/] } },
  // 香港1980方格網 / 香港1980方格网 is the survey grid's official name and stays as it is.
  { english: 'map sheet', chosen: { 'zh-HK': '圖幅', 'zh-CN': '图幅' }, avoid: { 'zh-HK': ['地圖頁', '圖張'], 'zh-CN': ['地图页', '图张'] } },
  { english: 'search', chosen: { 'zh-HK': '搜尋', 'zh-CN': '搜索' }, avoid: { 'zh-HK': ['搜索', '搜寻'], 'zh-CN': [/(?<!地点)搜寻/, '搜尋'] } },
  // 地点搜寻 in zh-CN is the Simplified form of a LandsD service's own name (地點搜尋 Location Search) and stays.
  { english: 'settings', chosen: { 'zh-HK': '設定', 'zh-CN': '设置' }, avoid: { 'zh-HK': ['設置', '设置'], 'zh-CN': ['设定', '設定'] } },
  { english: 'mouse', chosen: { 'zh-HK': '滑鼠', 'zh-CN': '鼠标' }, avoid: { 'zh-HK': ['鼠標', '鼠标'], 'zh-CN': ['滑鼠'] } },
  { english: 'camera (the map view)', chosen: { 'zh-HK': '鏡頭', 'zh-CN': '镜头' }, avoid: { 'zh-HK': ['相機'], 'zh-CN': ['相机'] } },
  // A traffic camera is a 攝影機 / 摄影机: a thing on a pole, not the map's view, so it is not listed above.
  { english: 'download', chosen: { 'zh-HK': '下載', 'zh-CN': '下载' }, avoid: { 'zh-HK': ['下载'], 'zh-CN': ['下載'] } },
  { english: 'building', chosen: { 'zh-HK': '建築物', 'zh-CN': '建筑物' }, avoid: { 'zh-HK': ['建筑物', '樓房'], 'zh-CN': ['建築物', '楼房'] } },
];

/**
 * Characters written differently in the two scripts, each pair [Traditional, Simplified]. A zh-HK text holding
 * the Simplified form (or a zh-CN text the Traditional one) was pasted from the wrong table. Only characters
 * that never stand for anything else in the other script are listed (后, 面 and 里 are left out on purpose).
 */
export const SCRIPT_PAIRS: readonly (readonly [string, string])[] = [
  ['們', '们'], ['數', '数'], ['圖', '图'], ['層', '层'], ['據', '据'], ['維', '维'], ['覽', '览'], ['開', '开'],
  ['關', '关'], ['時', '时'], ['點', '点'], ['區', '区'], ['為', '为'], ['與', '与'], ['這', '这'], ['個', '个'],
  ['會', '会'], ['載', '载'], ['華', '华'], ['東', '东'], ['車', '车'], ['鐵', '铁'], ['線', '线'], ['選', '选'],
  ['擇', '择'], ['單', '单'], ['請', '请'], ['試', '试'], ['錯', '错'], ['誤', '误'], ['資', '资'], ['網', '网'],
  ['頁', '页'], ['檔', '档'], ['說', '说'], ['顯', '显'], ['讀', '读'], ['測', '测'], ['經', '经'], ['緯', '纬'], ['體', '体'], ['實', '实'], ['樓', '楼'], ['築', '筑'], ['氣', '气'],
];
