// Saving where a member lives (POST /api/member/location, signup): limits and Korean messages.

export const LOCATION_LIMITS = {
  /** Location changes a member may make per Korean calendar day (docs/matching.md "The threat: locating someone by moving oneself": no stepping around others). */
  changesPerDay: 3,
} as const;

export const LOCATION_KO = {
  outsideDistrict: '고른 시/군/구와 위치가 맞지 않아요. 지역을 다시 골라 주세요.',
  unknownProvince: '목록에 없는 시/도예요. 지역을 다시 골라 주세요.',
  /** `nextDay` is the Korean date the member can change it again, e.g. "7월 5일". */
  changeLimit: (perDay: number, nextDay: string) =>
    `회원님들의 위치가 드러나지 않도록 위치는 하루에 ${perDay}번까지만 바꿀 수 있어요. ` +
    `오늘은 모두 바꾸셨으니 ${nextDay} 0시부터 다시 바꿔 주세요.`,
} as const;
