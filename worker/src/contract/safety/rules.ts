// The safety detector's rules: what counts as CONTACT, MONEY, SEXUAL and ABUSE (docs/safety.md
// "Detector"). Data only; detector.ts reads it. Each rule says what it catches.
//
// Two kinds of rule:
// - WordRule, read on the LETTERS view: the text's letters only, lower-cased, with spaces, symbols,
//   digits between Hangul letters and invisible marks taken out, split jamo composed (ㄹㅣ딩 → 리딩),
//   full-width and look-alike letters mapped to ASCII (кakao → kakao, t3legram → telegram).
//   `words` are alternatives; `then`, when given, must follow right after (one of them); `unless`
//   lists letters that must NOT follow, `notAfter` letters that must not come before.
//   Write words as they are spelled, without spaces. A match that spans a space must start a word
//   (so '수박씨 발라' is not '씨발') and, when its last piece is one letter, end one ('씨 발라').
// - TextRule, read on the FLAT view: the text lower-cased with look-alikes and split jamo mapped
//   and invisible marks dropped, but spaces and punctuation kept (URLs, handles, amounts).
// Phone numbers have their own reader in detector.ts (PHONE_SHAPES below).
//
// To add a rule: add a message that needs it to bench/safety/corpus.json (with a clean one it must
// not catch), add or extend a rule here, run `npm run bench:safety` and the detector tests.
import type { SafetyKind } from './kinds';
import { INNOCENT_WORDS, PROFANITY_WORDS } from './profanity-words';

export type WordRule = {
  kind: SafetyKind;
  note: string;
  words: readonly string[];
  then?: readonly string[];
  unless?: readonly string[];
  notAfter?: readonly string[];
};
/**
 * `notAfter`: the character before the match must not be one of these. No regex lookbehind (Safari
 * before 16.4 cannot parse it); a rule may instead match a leading character and capture the flagged
 * part as group 1.
 */
export type TextRule = { kind: SafetyKind; note: string; re: RegExp; notAfter?: RegExp };

// ---------------------------------------------------------------------------------------------
// CONTACT

/** Messengers and social apps members move a conversation to. */
// prettier-ignore
const MESSENGERS = [
  '카카오톡', '카카오', '카톡', '까톡', '캌톡', '카톸', '깨톡', '카통',
  'kakaotalk', 'kakao', 'katalk', 'katok', 'ktalk',
  '텔레그램', '텔래그램', '텔레그렘', '텔레', '텔그', '텔렘', 'telegram',
  '라인', 'line', '위챗', '웨챗', 'wechat', '왓츠앱', '와츠앱', '왓츠', '왓챕', 'whatsapp',
  '인스타그램', '인스타', '인별', 'insta', 'instagram', '스냅챗', 'snapchat', '페이스북', '페북',
  'facebook', '디스코드', 'discord', '스카이프', 'skype', '시그널', 'signal', '트위터', 'twitter',
] as const;

/** What follows a messenger's name when someone asks to move there. */
// prettier-ignore
const MOVE_TO_MESSENGER = [
  // its id or address
  '아이디', '아디', 'id', '계정', '주소', '링크', '친추', '친구추가', '추가', '검색', '번호', '디엠', 'dm', '프로필주',
  // 'do you use it?' / 'give me yours'
  '하세요', '하시나', '하시면', '하시죠', '하시는', '하나요', '해요', '해용', '해여', '할래', '하자', '하면', '해줘', '해주',
  '있어요', '있으세', '있나요', '있어', '깔려', '쓰세요', '쓰시나', '쓰시면',
  '주세요', '주세', '주실', '주시', '줘', '줄래', '줄게', '주라', '드릴', '드려', '알려', '보내', 'ㄱㄱ', '고고', 'ㄱ',
  // 'let's talk there', 'search me there'
  '에검색', '에서검색', '에추가', '에서추가',
  '으로', '로', '에서얘기', '에서대화', '에서연락', '에서편하게', '에서봐', '넘어', '옮',
  '톡',
] as const;
/** After 으로/로 only these say "move there" (not '인스타로 봤어요'). */
// prettier-ignore
const VIA_MESSENGER = [
  '얘기', '이야기', '대화', '연락', '넘어', '옮', '와', '오세', '오실', '오시', '오면', '가요', '갈래', '가자', '가서', '해요', '해', '하자',
  '할래', '톡', '보내', '주세', '줘', '문자', '전화', '디엠', 'dm', '친추', '추가', '편하게',
] as const;

// prettier-ignore
export const CONTACT_WORD_RULES: readonly WordRule[] = [
  {
    kind: 'CONTACT',
    note: "a messenger's name with a request to move there or its id: 카톡 주세요, 텔레 아이디, 라인 하세요?",
    words: MESSENGERS.filter((m) => !['라인', 'line', '시그널', 'signal'].includes(m)),
    then: MOVE_TO_MESSENGER.filter((t) => t !== '으로' && t !== '로'),
    // 카톡해 but not 인스타 해시태그; ㅋㅌ is its own rule below
    unless: ['시태그', '킹', '외', '석', '결', '산'],
  },
  {
    kind: 'CONTACT',
    note: '…으로/로 + moving: 카톡으로 얘기해요, 텔레로 와요 (not 인스타로 봤어요)',
    words: MESSENGERS,
    then: VIA_MESSENGER.flatMap((v) => [`으로${v}`, `로${v}`]),
  },
  {
    kind: 'CONTACT',
    note: '라인/시그널 are everyday words too (라인 프렌즈, 옷 라인): only with an id or a "do you use it" question',
    words: ['라인', 'line', '시그널', 'signal'],
    then: ['아이디', '아디', 'id', '계정', '친추', '추가', '하세요', '하시나', '하시면', '하나요', '있어요', '있으세', '쓰세요', '쓰시면', '주세요', '알려', '으로넘어', '으로옮', '으로얘기', '으로대화', '으로연락', '으로와', '으로오세', '로넘어', '으로가요', '으로갈래'],
  },
  {
    kind: 'CONTACT',
    note: 'ㅋㅌ (카톡) not inside laughter ㅋㅋㅌ',
    words: ['ㅋㅌ'],
    notAfter: ['ㅋ'],
  },
  {
    kind: 'CONTACT',
    note: 'open chat rooms, voice calls outside the app, friend adds, link pages',
    words: [
      '오픈채팅', '오픈카톡', '오픈톡', '오픈챗', '오톡방', '오챗', 'openkakao', 'openchat',
      '보이스톡', '페이스톡', '페톡', '친추', '친구추가', '텔방', '텔레방', 'bitly', 'tinyurl', 'linktree', 'linktr',
      // messenger names typed in Latin letters are ids or invitations in a Korean chat
      'kakaotalk', 'kakao', 'katalk', 'telegram', 'wechat', 'whatsapp', 'snapchat',
      // moving off the app without naming where (not 다른 데서 밥 먹고)
      '다른데서얘기', '다른데서대화', '다른곳에서얘기', '다른곳에서대화', '다른데로옮', '다른곳으로옮', '앱말고', '어플말고',
    ],
  },
  {
    kind: 'CONTACT',
    note: 'asking for or offering an id: 아이디 알려줄게요, 아이디 뭐예요?',
    words: ['아이디', '아디', 'id'],
    then: ['알려', '드릴', '드려', '줄게', '주세', '주실', '줘', '뭐', '교환', '추가', '검색', '남겨', '적어', '보내', '불러'],
  },
  {
    kind: 'CONTACT',
    note: 'asking for or offering a phone number or contact (not 전화번호는 더 친해지면 나눠요)',
    words: ['전화번호', '폰번호', '핸드폰번호', '휴대폰번호', '번호', '연락처', '폰번', '전번', 'ㅂㅎ', '넘버'],
    // a gift card's or an account's number is MONEY, not a phone number
    notAfter: ['상품권', '계좌', '통장', '카드', '핀', '쿠폰', '기프티콘', '주민'],
    then: ['좀', '를', '을', '도', ''].flatMap((p) =>
      ['알려', '주세', '주실', '줘', '줄래', '줄수', '줄게', '드릴', '드려', '교환', '남겨', '보내', '찍어', '적어', '따', '딸', '공유', '받을', '받아', '물어', '불러'].map((v) => p + v),
    ),
    unless: ['은', '는'], // 번호 교환은 이른 것 같아요
  },
  {
    kind: 'CONTACT',
    note: 'direct messages elsewhere: 디엠 주세요, dm으로',
    words: ['디엠', 'dm'],
    then: ['주세', '줘', '보내', '할게', '해요', '으로', '로', '주시', '드릴'],
  },
];

const MESSENGER_RE = [...MESSENGERS].sort((a, b) => b.length - a.length).join('|');
const TLD =
  'com|net|org|kr|me|ly|gl|do|io|gg|to|link|site|xyz|app|cc|info|shop|top|club|vip|live|cn|jp|ru|co|ee|la|gd|pro|biz|online|store|tv|us|kim|asia|fun|bet|win|cash|money|finance|trade|page|ai|sh|im';
const DOT = String.raw`\s?(?:\.|。|점|쩜|닷|\(\.\)|\[\.\]|\(dot\)|\[dot\])\s?`;
const LABEL = '[a-z0-9][a-z0-9-]*';

export const CONTACT_TEXT_RULES: readonly TextRule[] = [
  { kind: 'CONTACT', note: 'a link written out: http(s)://…', re: /https?:\/\/\S+/g },
  {
    kind: 'CONTACT',
    note: 'a link: www.…, a domain with a known ending, shorteners (bit.ly, han.gl, me2.do, t.me, naver.me, open.kakao.com), dots written 점/쩜/닷 or spaced',
    re: new RegExp(
      String.raw`(?:^|[^a-z0-9@._-])((?:www${DOT})?${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLD})(?![a-z0-9])(?:\s?(?:\/|슬래시)\s?[a-z0-9._~%?=&/-]*)?)`,
      'g',
    ),
  },
  {
    kind: 'CONTACT',
    note: 'an e-mail address',
    re: /(?:^|[^a-z0-9._%+-])([a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+)/g,
  },
  {
    kind: 'CONTACT',
    note: 'a handle: @name (Instagram, Telegram, X)',
    re: /(?:^|[^a-z0-9._])(@\s?[a-z0-9_][a-z0-9._]{2,29})/g,
  },
  {
    kind: 'CONTACT',
    note: "a messenger's name followed by an id: 카톡 minji_92, 라인 id: sora.k, 텔레 아이디는 dreamer",
    re: new RegExp(
      String.raw`(?:${MESSENGER_RE})\s?(?:(?:아이디|아디|id|계정)\s?(?:는|은|:|=)?\s?@?[a-z][a-z0-9._-]{2,}|[:=]?\s?@?(?=[a-z0-9._-]*[a-z])(?=[a-z0-9._-]*[0-9_])[a-z0-9._-]{4,}|[:=]\s?[a-z][a-z0-9._-]{2,})`,
      'g',
    ),
  },
  {
    kind: 'CONTACT',
    note: 'an id given outright: 아이디 mina1004, id: jun_k',
    re: /(?:아이디|아디|\bid)\s?(?:는|은|:|=)?\s?@?[a-z][a-z0-9._-]{3,}/g,
  },
];

/**
 * Phone numbers, read on the digit stream (digits, Hangul digit words 공일공…, look-alikes O/l
 * inside a run, separators ' - . ( ) /' and '+' between them). Korean mobile numbers (010…,
 * with or without +82 / 82) and 070 internet numbers.
 */
export const PHONE_SHAPES = /(?:82)?0?1[016789]\d{7,8}|070\d{7,8}/g;
/** Hangul digit words a number may be spelled with. */
// prettier-ignore
export const HANGUL_DIGITS: Readonly<Record<string, string>> = {
  공: '0', 영: '0', 빵: '0', 일: '1', 이: '2', 삼: '3', 사: '4', 오: '5', 육: '6', 륙: '6', 칠: '7', 팔: '8', 구: '9',
};

// ---------------------------------------------------------------------------------------------
// MONEY

// prettier-ignore
export const MONEY_WORD_RULES: readonly WordRule[] = [
  {
    kind: 'MONEY',
    note: 'investment rooms, guaranteed returns, leveraged trading, crypto channels, gift-card PINs, fees to release money',
    words: [
      // reading rooms and signals
      '리딩방', '코인리딩', '주식리딩', '선물리딩', '투자방', '재테크방', '시그널방', '종목추천', '급등주', '찍어주는종목', '종목찍',
      // returns promised
      '수익인증', '수익보장', '원금보장', '원금책임', '원금은제가', '고수익', '두배로불려', '두배로돌려', '불려드릴', '불려줄',
      // futures, margin, crypto rails
      '해외선물', '선물거래', '레버리지', '마진거래', 'usdt', '테더', '바이낸스', 'binance', '코인지갑', '지갑주소', '전자지갑', '지갑연결', '에어드랍', '채굴',
      // transfers and accounts
      '계좌번호', '통장번호', '출금',
      // gift cards and PINs
      '기프트카드', '구글기프트', '구글플레이카드', '플레이카드', '문화상품권', '상품권', '핀번호', '핀넘버', '기프트코드',
      // fees to release a parcel or money
      '통관비', '관세', '해외송금',
      // side jobs
      '부업',
      // sure gains
      '무조건오르', '무조건올라', '무조건수익', '확정수익', '구글카드',
      // ways to earn offered, experts introduced, money grown together
      '돈버는법', '돈버는방법', '버는법알려', '버는방법알려', '벌게해줄', '벌게해드', '방법공유해드', '노하우공유', '월천벌',
      '투자전문가', '코인전문가', '주식전문가', '원금회수', '불려봐', '불려볼', '같이불려', '차익', '비상장',
      '투자플랫폼', '플랫폼가입', '사이트에서충전', '사이트충전', '내부정보', '좋은종목', '종목알려', '지금사야',
      // someone else's card, name or payment
      '카드한도', '카드빌려', '명의빌려', '대신결제', '결제대신', '결제좀해', '결제해줄',
    ],
  },
  {
    kind: 'MONEY',
    note: 'ask for a transfer (not 월급 입금됐어요)',
    words: ['송금', '입금', '이체'],
    unless: ['됐', '되었', '돼', '받았', '내역', '완료됐'],
  },
  {
    kind: 'MONEY',
    note: 'an account to send to: 계좌로, 계좌 알려주세요 (not 회사 계좌 관리)',
    words: ['계좌', '통장'],
    then: ['로', '알려', '보내', '입금', '이체', '주세', '좀', '불러', '드릴', '드려', '적어'],
  },
  {
    kind: 'MONEY',
    note: '계좌에 넣어 주세요 (not 통장에 돈이 안 모여요)',
    words: ['계좌에'],
    then: ['넣', '보내', '입금', '이체', '송금'],
  },
  {
    kind: 'MONEY',
    note: 'asking for money: 돈 좀 빌려줘, 돈 보내주면',
    words: ['돈', '돈좀', '돈만'],
    then: ['빌려', '보내', '부쳐', '꿔', '송금', '입금', '융통', '불려'],
  },
  {
    kind: 'MONEY',
    note: 'investing together or for someone (not 투자 공부, 투자 쪽 일)',
    words: ['투자', '코인', '주식', '비트코인', '이더리움', '리플'],
    then: [
      '같이', '해볼', '하실', '해보실', '할래', '하자', '권', '추천', '정보', '방', '금', '하면', '해드', '해줄', '해봐', '알려', '가르',
      '수익', '시작', '리딩', '지갑', '보내', '선물', '종목', '투자', '사세요', '사면', '들어가', '타이밍',
    ],
  },
  { kind: 'MONEY', note: 'reading offered: 리딩 해드릴게요', words: ['리딩'], then: ['해드', '해줄', '받', '해줘', '해주'] },
  { kind: 'MONEY', note: 'investing with or for someone: 같이 투자, 대신 투자', words: ['같이투자', '함께투자', '대신투자'] },
  {
    kind: 'MONEY',
    note: 'promised returns: 수익 나요, 수익률, 하루 수익 3%',
    words: ['수익'],
    unless: ['성', '자'],
  },
  {
    kind: 'MONEY',
    note: 'an exchange to join: 거래소 가입',
    words: ['거래소'],
    then: ['가입', '링크', '추천', '주소', '알려'],
  },
  {
    kind: 'MONEY',
    note: 'loans offered (not 학자금 대출 갚는 중)',
    words: ['대출'],
    then: ['가능', '해드', '해줄', '상담', '필요하시', '받아보', '알아봐', '소개', '문의', '한도', '받으실', '도와'],
  },
  { kind: 'MONEY', note: 'fees before withdrawing or receiving', words: ['수수료'], then: ['만', '를먼저', '먼저', '내', '입금'] },
  {
    kind: 'MONEY',
    note: 'money needed urgently: 돈이 좀 급하게 필요한데 (not 돈 버는 게 쉽지 않네요)',
    words: ['돈이', '돈이좀', '돈좀', '돈'],
    then: ['급하', '급해', '급히', '필요하', '필요해', '모자라', '부족해'],
  },
  {
    kind: 'MONEY',
    note: 'shipping fees first: 배송비만 보내주시면',
    words: ['배송비', '택배비'],
    then: ['만', '보내', '입금', '내주', '부쳐', '먼저'],
  },
  { kind: 'MONEY', note: 'a deposit to pay first (not 전세 보증금 얘기)', words: ['보증금'], then: ['만', '넣', '입금', '내', '보내', '먼저'] },
];

export const MONEY_TEXT_RULES: readonly TextRule[] = [
  {
    kind: 'MONEY',
    note: 'an amount asked for: 30만원만 보내줄 수 있어요?, 200만원만 빌려줄래, 500만 보내줘',
    re: /(?:\d+|[백천])\s?(?:만\s?원?|천\s?원|원|달러|불|usd)[^.?!\n]{0,10}?(?:보내|빌려|입금|송금|부쳐|이체|꿔|부탁|넣어\s?보|넣으세|넣으시|넣어\s?주)/g,
  },
];

// ---------------------------------------------------------------------------------------------
// SEXUAL

// prettier-ignore
export const SEXUAL_WORD_RULES: readonly WordRule[] = [
  {
    kind: 'SEXUAL',
    note: 'sex, paid meetings and one-night stands, in their usual spellings',
    words: [
      '조건만남', '조건녀', '조건남', '원나잇', '원나이트', 'onenight', 'ㅇㄴㅇ', '섹스', '쎅스', '섻스', '섹파', '쎅파', 'sex', 'ㅅㅅ',
      '야동', '야사', '자위', '딸딸이', '딸치', '폰섹', '섹하', '섹할', '대실', '러브호텔',
      '꼴리', '꼴려', '꼴린', '박고싶', '빨아줘', '빨아줄', '따먹', '보지', '자지', '젖꼭지', '만져보고싶', '만지고싶', '스폰서',
      '알몸', '누드', '성관계', '속궁합', '발사진팔',
      '가슴몇', '몇컵', '컵사이즈', '속옷색', '속옷뭐입', '밤같이보내', '밤에같이보내', '밤을같이보내', '브라사이즈', '스킨십어디까지', '스킨십가능', '진도어디까지', '침대에서어떤', '침대스타일', '침대에서잘',
    ],
  },
  {
    kind: 'SEXUAL',
    note: '조건 as paid sex (not 이상형 조건이, 결혼 조건으로)',
    words: ['조건', 'ㅈㄱ'],
    then: ['하', '해', '되', '가능', 'ㄱ', '구해', '만남', '찾', '할', '원해', 'ㅇㅋ'],
  },
  { kind: 'SEXUAL', note: '잠자리 (not the insect: 잠자리 잡으러)', words: ['잠자리'], unless: ['잡', '채', '날개', '떼'] },
  { kind: 'SEXUAL', note: '하룻밤 (not 하룻밤 묵고 온 숙소)', words: ['하룻밤'], unless: ['묵', '사이', '새', '만에', '자고온'] },
  { kind: 'SEXUAL', note: '원나 (not 원나라)', words: ['원나'], unless: ['라', '무', '물', '비', '이트'] },
  { kind: 'SEXUAL', note: '스폰 (not 스폰지)', words: ['스폰'], unless: ['지', '서'] },
  {
    kind: 'SEXUAL',
    note: 'sleeping together (not 일찍 잘게요)',
    words: ['같이', '함께', '너랑', '나랑', '우리'],
    then: ['자고', '잘래', '잘까', '자자', '자러', '잘사람', '밤보내', '하룻'],
  },
  {
    kind: 'SEXUAL',
    note: 'motels and hotels as the plan',
    words: ['모텔', '호텔'],
    then: ['가', '갈', '잡', '에서쉬', '비', 'ㄱ'],
    unless: ['격', '족', '까', '는길', '방'],
  },
  {
    kind: 'SEXUAL',
    note: 'sexual photos asked for: 속옷 사진, 벗은 사진, 몸매 사진 보여줘',
    words: ['벗은', '야한', '속옷', '몸매', '가슴', '엉덩이', '알몸', '섹시한'],
    then: ['사진', '영상', '셀카', '보여', '인증'],
  },
  {
    kind: 'SEXUAL',
    note: 'undressing: 벗고 얘기할래, 옷 벗어봐 (not 신발 벗고 들어가는)',
    words: ['벗고', '옷벗', '벗어봐', '벗어줘', '다벗'],
    then: ['', '얘기', '영통', '통화', '보여', '있', '찍', '할래'],
    notAfter: ['발', '화', '자'],
  },
  {
    kind: 'SEXUAL',
    note: 'staying the night: 우리 집에서 자고 가 (not 부모님 집에서 자고 올 거예요)',
    words: ['우리집에서', '내집에서', '우리집', '내방에서', '우리집가서', '모텔에서', '호텔에서'],
    then: ['자고가', '자고갈', '자자', '잘래', '자고가요', '같이자'],
  },
  { kind: 'SEXUAL', note: 'paid meeting: 용돈 줄게 만나자', words: ['용돈'], then: ['줄', '주', '받을', '받고', '드릴', '챙겨'] },
  {
    kind: 'SEXUAL',
    note: 'casual sex: 엔조이 상대, 엔조이로 (not 엔조이 커피)',
    words: ['엔조이'],
    then: ['상대', '할', '하실', '로', '파트너', '관계', '만남', '가볍', '해요', '원해'],
  },
  { kind: 'SEXUAL', note: '한 번 하자', words: ['한번'], then: ['하자', '할래', '하실', '대줘'] },
  {
    kind: 'SEXUAL',
    note: 'sexual talk (not 야한 농담은 잘 못 해요)',
    words: ['야한', '19금', '음란'],
    then: ['얘기', '대화', '말', '농담', '거', '사진', '영상'],
    unless: ['은', '는'],
  },
];

// ---------------------------------------------------------------------------------------------
// ABUSE

// prettier-ignore
export const ABUSE_WORD_RULES: readonly WordRule[] = [
  { kind: 'ABUSE', note: 'the profanity list (profanity-words.ts), shared with the community masking', words: PROFANITY_WORDS },
  {
    kind: 'ABUSE',
    note: 'insults and slurs aimed at someone',
    words: [
      'ㄲㅈ', '김치녀', '된장녀', '보슬아치', '페미년', '정신병자', '성형괴물', '미친놈', '미친년', '미친새끼',
      '미쳤냐', '미쳤니', '돌았냐', '돌았니', '꼴값', '역겹', '역겨워', '역겨운', 'ㅗㅗ', '쓰레기같', '쓰레기새끼', '쓰레기년', '쓰레기야',
      '돼지같', '돼지야', '돼지년', '돼지새끼', '못생긴게', '못생긴년', '못생긴놈', '주제파악',
      '못생겼네', '못생겼다', '존못', '뚱뚱한게', '뚱뚱한년', '뚱땡이', '살가치',
      '닥치고', '입닥쳐', '입닥치', '엄마가불쌍', '엄마아빠가불쌍', '부모가불쌍', '부모님이불쌍', '애미', '애비없', '부모없는',
      '죽어버려', '뒤져버려', '뒈져', '디져라', '개같은', '개같네', '개같다', 'ㅈ같', '좆같', '괴물같',
    ],
  },
  {
    kind: 'ABUSE',
    note: 'demeaning "you": 너 같은 건, 니 주제에, 너 진짜 재수 없다 (not 너 같은 사람 처음이야)',
    words: ['너', '넌', '니', '너는', '니가', '네가', '너같은', '너희'],
    then: ['', '진짜', '정말', '완전', '존나', '되게', '참'].flatMap((adverb) =>
      ['재수없', '한심', '역겹', '주제에', '같은건', '같은애', '같은게', '같은년', '같은놈', '따위', '같은거', '못생', '찌질'].map(
        (insult) => adverb + insult,
      ),
    ),
  },
  {
    kind: 'ABUSE',
    note: '…한 주제에 (not 그 주제에 대해)',
    words: ['주제에'],
    unless: ['대해', '대한', '관해', '관한', '맞', '대하', '따라', '어울'],
  },
  { kind: 'ABUSE', note: '죽어라 (not 죽어라 공부했어요)', words: ['죽어라'], unless: ['공부', '일', '뛰', '달', '연습', '노력', '했'] },
  {
    kind: 'ABUSE',
    note: '꺼져 as "get lost" (not 불이 꺼져 있어요)',
    words: ['꺼져'],
    unless: ['있', '서', '버', '요', '도'],
    notAfter: ['불', '이', '가', '면', '전', '등', '원'],
  },
  { kind: 'ABUSE', note: '걸레 as a slur (not 걸레로 닦다)', words: ['걸레'], unless: ['로', '질', '빨', '짜', '가', '를', '받'] },
  {
    kind: 'ABUSE',
    note: 'threats of violence (not 죽을 것 같아요, 죽여줘요 as praise)',
    words: [
      '죽여버', '죽여줄까', '죽일거', '죽일까', '죽인다', '죽여놓', '죽을래', '죽고싶냐', '죽고싶니', '뒤질래', '뒤지고싶', '뒤져라', '디질래',
      '디지고싶', '패버', '패줄', '때려줄', '때려버', '칼로찔', '찔러버',
    ],
  },
  {
    kind: 'ABUSE',
    note: '죽는다 as a threat (not 배고파 죽는다, 웃겨 죽는다)',
    words: ['죽는다'],
    notAfter: ['파', '워', '겨', '려', '서', '해', '빠', '퍼', '러', '아', '어', '여', '와', '져'],
  },
  {
    kind: 'ABUSE',
    note: 'threats to find or expose someone: 찾아간다, 가만 안 둬, 사진 퍼뜨릴 거야',
    words: [
      '찾아간다', '찾아갈거야', '찾아갈테니', '가만안둬', '가만안둘', '가만두지않', '가만히안둬', '퍼뜨릴', '퍼트릴',
      '유포할', '유포한다', '뿌릴거', '뿌려버', '신상털', '신상공개',
    ],
  },
];

export const ABUSE_TEXT_RULES: readonly TextRule[] = [
  { kind: 'ABUSE', note: 'the middle-finger emoji', re: /🖕/gu },
  { kind: 'ABUSE', note: 'ㅗ standing alone (the same gesture)', re: /ㅗ(?!\p{L})/gu, notAfter: /\p{L}/u },
];

// ---------------------------------------------------------------------------------------------

export const WORD_RULES: readonly WordRule[] = [
  ...CONTACT_WORD_RULES,
  ...MONEY_WORD_RULES,
  ...SEXUAL_WORD_RULES,
  ...ABUSE_WORD_RULES,
];
export const TEXT_RULES: readonly TextRule[] = [...CONTACT_TEXT_RULES, ...MONEY_TEXT_RULES, ...ABUSE_TEXT_RULES];

/** Everyday words that contain a listed word: nothing inside them is flagged (the profanity list's, plus these). */
// prettier-ignore
export const SAFE_WORDS: readonly string[] = [
  ...INNOCENT_WORDS,
  '스폰지밥', '원나라', '자지러', '보지마', '보지도', '보지않', '보지말', '보지못', '보지만', '자지마', '자지도', '자지않',
  '자지말', '자지못', '자지만', '누드김밥', '호텔방', '관세음', 'sexy', '텔레비전', '텔레파시', '한남동', '한남대교',
];
