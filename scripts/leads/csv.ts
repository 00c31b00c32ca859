/** The CSV rules live with the owner's commands (server/commands/), which the room's exports share. */
export { csvCell, toCsv, withoutControls } from '../../server/commands/csv';
