/** The CSV rules live with the owner's commands, where the owner's room writes CSV too. */
export { csvCell, toCsv, withoutControls } from '../../server/features/leads/commands/csv';
