// Layout constants shared by every chart: identical margins and y-axis width make the plot areas
// of the stacked charts line up, so one pixel is the same time on each.

export const CHART_MARGIN = { top: 8, right: 22, bottom: 0, left: 0 };
export const Y_AXIS_WIDTH = 48;
export const X_AXIS_HEIGHT = 22;
