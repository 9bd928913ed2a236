// Profile modal and profile pages (docs/product-spec.md §2 "Profile modal", §5 heart/report/modal checks, §8).
import { REPORT_REASON_LABELS } from '@contract/enums';

export const profileKo = {
  dialogTitle: '프로필',
  loading: '프로필을 불러오고 있어요…',
  loadFailed: '프로필 정보를 불러오지 못했어요',
  loadFailedWithCode: (code: string) => `프로필 정보를 불러오지 못했어요 (${code})`,
  ageValue: (age: number) => `${age}세`,
  location: (city: string, district: string) => `${city} · ${district}`,
  interestsLabel: '관심사',
  viewer: {
    label: (name: string) => `${name}님의 사진`,
    photoAlt: (name: string, n: number, total: number) => `${name}님의 사진 ${n}/${total}`,
    thumbnail: (n: number) => `${n}번째 사진 보기`,
    previous: '이전 사진',
    next: '다음 사진',
    fitContain: '사진 전체 보기',
    position: (n: number, total: number) => `${n} / ${total}`,
  },
  heart: {
    label: '관심 표시',
    failed: '관심 표시를 처리하지 못했어요. 잠시 후 다시 시도해 주세요.',
    missingId: '필요한 ID 정보가 없어요',
  },
  actions: {
    report: '신고하기',
    block: '차단하기',
    goToProfile: '프로필로 이동',
    myPage: '마이페이지에서 내 프로필 바꾸기',
    label: '프로필 메뉴',
  },
  block: {
    confirmTitle: (name: string) => `${name}님을 차단할까요?`,
    confirmBody:
      '차단하면 서로 추천과 채팅에 나타나지 않고, 열려 있던 대화도 닫혀요. 마이페이지의 차단 목록에서 언제든 해제할 수 있어요.',
    confirmLabel: '차단하기',
    done: (name: string) => `${name}님을 차단했어요`,
    failed: '차단하지 못했어요. 잠시 후 다시 시도해 주세요.',
  },
  report: {
    title: '신고하기',
    lead: '불편한 일이 있었다면 알려 주세요. 신고한 사실은 상대에게 알리지 않아요.',
    target: '신고 대상',
    type: '신고 유형',
    typePlaceholder: '신고 유형을 골라 주세요',
    /** One label per reason code, shared with the admin console (contract). */
    types: REPORT_REASON_LABELS,
    details: '신고 내용',
    detailsPlaceholder: '어떤 일이 있었는지 자세히 적어 주세요.',
    samplesNote: (n: number) => `이 대화의 최근 메시지 ${n}개가 함께 전달돼요.`,
    back: '뒤로',
    submit: '신고 보내기',
    submitting: '보내고 있어요…',
    missingTarget: '신고 대상 ID를 확인할 수 없어요',
    sent: '신고가 접수되었어요. 검토 후 조치할게요.',
    failed: '신고를 보내지 못했어요. 잠시 후 다시 시도해 주세요.',
  },
  page: {
    title: (name: string) => `${name}님의 프로필`,
    back: '뒤로 가기',
  },
} as const;
