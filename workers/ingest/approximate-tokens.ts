// Moved to the text toolkit; import it from there and delete this file.
export { approximateTokens } from '../../src/shared/text/tokens';
