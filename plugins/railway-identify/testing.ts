import type { RailwayLine } from '../../core/contracts/railways';

const name = (text: string) => ({ 'en-US': text, 'zh-HK': `${text}（繁）`, 'zh-CN': `${text}（简）` });

/**
 * Two real lines as the railway feed gives them (positions of the MTR list, rounded): the Island Line's west end
 * and the Tsuen Wan Line's south end, which meet at Admiralty and Central.
 */
export function sampleLines(): RailwayLine[] {
  return [
    {
      line: 'ISL',
      name: name('Island Line'),
      stations: [
        { code: 'KET', name: name('Kennedy Town'), position: [114.1284, 22.2813] },
        { code: 'HKU', name: name('HKU'), position: [114.1355, 22.2840] },
        { code: 'SYP', name: name('Sai Ying Pun'), position: [114.1428, 22.2857] },
        { code: 'SHW', name: name('Sheung Wan'), position: [114.1517, 22.2866] },
        { code: 'CEN', name: name('Central'), position: [114.1581, 22.2820] },
        { code: 'ADM', name: name('Admiralty'), position: [114.1645, 22.2793] },
      ],
      branches: [['KET', 'HKU', 'SYP', 'SHW', 'CEN', 'ADM']],
    },
    {
      line: 'TWL',
      name: name('Tsuen Wan Line'),
      stations: [
        { code: 'CEN', name: name('Central'), position: [114.1581, 22.2820] },
        { code: 'ADM', name: name('Admiralty'), position: [114.1645, 22.2793] },
        { code: 'TST', name: name('Tsim Sha Tsui'), position: [114.1722, 22.2976] },
        { code: 'JOR', name: name('Jordan'), position: [114.1717, 22.3049] },
      ],
      branches: [['CEN', 'ADM', 'TST', 'JOR']],
    },
  ];
}
