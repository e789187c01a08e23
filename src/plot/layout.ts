// Where a plot's area sits. The stacked charts share one layout: identical margins and y-axis
// width make their plot areas line up, so one pixel is the same time on each. Other plots (the
// cluster lanes, the comparison) pass their own.

export const CHART_MARGIN = { top: 8, right: 22, bottom: 0, left: 0 };
export const Y_AXIS_WIDTH = 48;
export const X_AXIS_HEIGHT = 22;

/** Where a plot's area sits inside it: margins, the y-axis labels' width, the x-axis' height. */
export interface PlotLayout {
  margin: { top: number; right: number; bottom: number; left: number };
  yAxisWidth: number;
  xAxisHeight: number;
}

/** The stacked charts' layout (every one the same, so their plot areas line up). */
export const CHART_LAYOUT: PlotLayout = {
  margin: CHART_MARGIN,
  yAxisWidth: Y_AXIS_WIDTH,
  xAxisHeight: X_AXIS_HEIGHT,
};
