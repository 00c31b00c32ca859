// The pages' placeholders are filled by the one function the server's emails fill theirs with.
export { fillTemplate } from '../../contracts/template';
