/**
 * The part of jStat (https://github.com/jstat/jstat) the experiments' statistics use; the package
 * ships no types of its own.
 */
declare module 'jstat' {
  const jStat: {
    /** ln B(a, b), the natural logarithm of the Beta function. */
    betaln(a: number, b: number): number;
    beta: {
      pdf(x: number, alpha: number, beta: number): number;
      cdf(x: number, alpha: number, beta: number): number;
    };
    chisquare: {
      /** P(X ≤ x) for X with `dof` degrees of freedom. */
      cdf(x: number, dof: number): number;
    };
    normal: {
      /** The quantile: the x with P(X ≤ x) = p. */
      inv(p: number, mean: number, sd: number): number;
    };
  };
  export default jStat;
}
