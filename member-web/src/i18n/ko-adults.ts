// Adults only (docs/trust.md "The 19 mark"): the 19 mark (청소년유해매체물 표시) and the screen a member under 19 sees.
import { UNDER_19_MESSAGE } from '@contract/age';

export const adultsKo = {
  mark: {
    /** The symbol's accessible name. */
    symbolLabel: '19세 미만 이용 불가 표시',
    short: '19세 미만의 청소년은 이용할 수 없어요',
    // The wording the law requires (정보통신망법 시행령 별표), kept verbatim.
    legal:
      '이 정보내용은 청소년유해매체물로서 청소년보호법 및 정보통신망 이용촉진 및 정보보호 등에 관한 법률에 따라 19세 미만의 청소년이 이용할 수 없습니다.',
  },
  gate: {
    title: UNDER_19_MESSAGE,
    lead: '법에 따라 만 19세 이상만 온기를 이용할 수 있어요. 온기는 청소년보호법에 따른 청소년유해매체물이라서, 19세가 되는 해의 1월 1일을 맞기 전에는 다른 회원을 보거나 만날 수 없어요.',
    what: '그동안 회원님의 프로필은 다른 회원에게 보이지 않고, 진행 중이던 대화는 종료돼요.',
    choices: '아래에서 내 정보를 내려받거나 계정을 삭제할 수 있어요. 19세가 되는 해가 오면 다시 가입해 주세요.',
    home: '처음 화면으로',
  },
} as const;
