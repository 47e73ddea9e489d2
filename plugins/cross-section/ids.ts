/** The tool's id: its switch is `toggle:cross-section`, so core reports `cross-section::on|off`. */
export const CROSS_SECTION_TOOL = 'cross-section';
/** The share link's parameter: the line, `lon,lat;lon,lat[;…]`. */
export const CROSS_SECTION_PARAM = 'xsection';
