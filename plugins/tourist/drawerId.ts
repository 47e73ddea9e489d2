/** The drawer's id (SPEC §2 function drawers); the store switch is `drawer:tourist`, analytics `tourist::on|off`. */
export const TOURIST_DRAWER = 'tourist';
