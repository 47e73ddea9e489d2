/** The tool's id: its button, its store switch `toggle:screen-capture` and analytics `screen-capture::on|off`. */
export const SCREEN_CAPTURE_TOOL = 'screen-capture';
