// Full-page navigation to other sites (the portal's authorize page), behind one seam tests can spy on.
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
