// My page's query keys, apart from its calls: screens that only refresh a my-page list (a heart
// given on a card) need the keys, not the calls and the contract's schemas behind them.
export const mypageKeys = {
  images: ['mypage', 'images'] as const,
  profile: ['mypage', 'profile'] as const,
  interests: ['mypage', 'interests'] as const,
  settings: ['mypage', 'settings'] as const,
  likes: ['mypage', 'likes'] as const,
  history: ['mypage', 'history'] as const,
};
