// Korean validation messages shared by the Worker and the SPAs' forms (해요체).
// The SPAs' other UI text lives in their own catalogues.

export const VALIDATION_KO = {
  required: '필수 항목이에요.',
  nameRequired: '이름을 입력해 주세요.',
  nameTooLong: '이름은 20자 이내로 입력해 주세요.',
  nameCharacters: "이름에는 글자, 숫자, 띄어쓰기와 . - _ ' · 기호만 쓸 수 있어요.",
  lookingForRequired: '만나고 싶은 상대의 성별을 선택해 주세요.',
  interestsMax: '관심사는 최대 6개까지 선택할 수 있어요.',
  interestUnknown: '목록에 없는 관심사예요.',
  imagesMax: '사진은 최대 3장까지 올릴 수 있어요.',
  // Every refused file, GIF and HEIC included, hears which types are accepted.
  imageOnly: 'JPG, PNG 사진만 올릴 수 있어요.',
  // WebP is recognised but not decoded on the server (docs/decisions/0004-reencode-every-image.md).
  imageWebp: 'WebP 사진은 아직 받을 수 없어요. JPG나 PNG로 올려 주세요.',
  agreementRequired: '필수 약관에 모두 동의해 주세요.',
  locationNeedsConsent: '위치 정보 이용에 동의해야 위치를 저장할 수 있어요.',
  locationIncomplete: '시/도와 시/군/구를 모두 선택해 주세요.',
  coordinatesOutOfRange: '대한민국 안의 위치만 저장할 수 있어요.',
  oauthStateInvalid: '로그인 요청 정보가 올바르지 않아요.',
  titleRequired: '제목을 입력해 주세요.',
  contentRequired: '내용을 입력해 주세요.',
  feedbackContentMax: '내용은 400자를 넘을 수 없어요.',
  feedbackTitleMax: '제목은 40자를 넘을 수 없어요.',
  unknownField: '알 수 없는 항목이 포함되어 있어요.',
  bodyTooLarge: '보낸 내용이 너무 커요. 내용을 줄이거나 사진을 작게 해서 다시 보내 주세요.',
  tooMany: '항목이 너무 많아요.',
} as const;
