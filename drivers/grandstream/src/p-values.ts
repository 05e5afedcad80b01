/**
 * Grandstream P-value numbers that follow no arithmetic rule, so they are listed (README.md "Sources":
 * the GXP21xx 1.0.11.x and GRP261x 1.0.5.x configuration templates, which agree on every number here).
 */

/** Per-account P-values, account 1 first. */
export interface AccountPValues {
  enable: number;
  accountName: number;
  server: number;
  secondaryServer: number;
  outboundProxy: number;
  backupOutboundProxy: number;
  userId: number;
  authId: number;
  password: number;
  name: number;
  voicemail: number;
  transport: number;
  registerMinutes: number;
  ilbcFrame: number;
  silenceSuppression: number;
  serverType: number;
  dtmfPayload: number;
  opusPayload: number;
}

const account = (values: number[]): AccountPValues => {
  const [enable, accountName, server, secondaryServer, outboundProxy, backupOutboundProxy, userId, authId] =
    values as [number, number, number, number, number, number, number, number];
  const [password, name, voicemail, transport, registerMinutes, ilbcFrame, silenceSuppression] = values.slice(
    8,
  ) as [number, number, number, number, number, number, number];
  const [serverType, dtmfPayload, opusPayload] = values.slice(15) as [number, number, number];
  return {
    enable,
    accountName,
    server,
    secondaryServer,
    outboundProxy,
    backupOutboundProxy,
    userId,
    authId,
    password,
    name,
    voicemail,
    transport,
    registerMinutes,
    ilbcFrame,
    silenceSuppression,
    serverType,
    dtmfPayload,
    opusPayload,
  };
};

export const accountPValues: readonly AccountPValues[] = [
  account([271, 270, 47, 2312, 48, 2333, 35, 36, 34, 3, 33, 130, 32, 97, 50, 198, 79, 2385]),
  account([401, 417, 402, 2412, 403, 2433, 404, 405, 406, 407, 426, 448, 412, 495, 485, 424, 496, 2485]),
  account([501, 517, 502, 2512, 503, 2533, 504, 505, 506, 507, 526, 548, 512, 595, 585, 524, 596, 2585]),
  account([601, 617, 602, 2612, 603, 2633, 604, 605, 606, 607, 626, 648, 612, 695, 685, 624, 696, 2685]),
  account([
    1701, 1717, 1702, 2712, 1703, 2733, 1704, 1705, 1706, 1707, 1726, 1748, 1712, 1795, 1785, 1724, 1796,
    2785,
  ]),
  account([
    1801, 1817, 1802, 2812, 1803, 2833, 1804, 1805, 1806, 1807, 1826, 1848, 1812, 1895, 1885, 1824, 1896,
    2885,
  ]),
];

/** Multi-purpose key N (1–24): its mode, account, description and value P-values. */
export interface KeyPValues {
  mode: number;
  account: number;
  description: number;
  value: number;
}

function multiPurposeKey(n: number): KeyPValues {
  // MPK 1–7: modes P323…P329, the other three cells in threes from P301.
  if (n <= 7) return { mode: 322 + n, account: 298 + 3 * n, description: 299 + 3 * n, value: 300 + 3 * n };
  // MPK 8–18 from P353 and MPK 19–24 from P1440: four consecutive numbers each.
  const base = n <= 18 ? 353 + 4 * (n - 8) : 1440 + 4 * (n - 19);
  return { mode: base, account: base + 1, description: base + 2, value: base + 3 };
}

export const MULTI_PURPOSE_KEYS = 24;
export const multiPurposeKeys: readonly KeyPValues[] = Array.from({ length: MULTI_PURPOSE_KEYS }, (_, i) =>
  multiPurposeKey(i + 1),
);

/** Account-tab settings of the catalogue's advanced section: P-values of accounts 1–6. */
export const advancedPValues = {
  SIPBlfListUri: [134, 444, 544, 644, 1744, 1844],
  SIPNConfUri: [2318, 2418, 2518, 2618, 2718, 2818],
  SIPBlfPickupCode: [1347, 481, 581, 681, 1781, 1881],
  SIPHideIdentityEnable: [65, 421, 521, 621, 1721, 1821],
  SIPAnonymousRejectEnable: [129, 446, 546, 646, 1746, 1846],
  SIPServerKeepAliveEnable: [2397, 2497, 2597, 2697, 2797, 2897],
  SIPServerGenericPollingTimer: [2398, 2498, 2598, 2698, 2798, 2898],
  SubscribeExpire: [26051, 26151, 26251, 26351, 26451, 26551],
  SIPGroupSrtpWorkingMode: [183, 443, 543, 643, 1743, 1843],
  SIPGroupSessionTimerRefresher: [266, 432, 532, 632, 1732, 1832],
  SIPDigitMap: [290, 459, 559, 659, 1759, 1859],
  SIPSipsUriEnable: [2329, 2429, 2529, 2629, 2729, 2829],
  SipUserPhoneEnable: [63, 409, 509, 609, 1709, 1809],
} as const satisfies Record<string, readonly number[]>;

/**
 * Advanced settings whose P-values the two templates give alike for accounts 1–4 only (for accounts
 * 5 and 6 the GXP21xx template has P791/P891 and P738/P838, the GRP261x one P1791/P1891 and
 * P1738/P1838), so accounts 5 and 6 are declared unsupported for them.
 */
export const firstFourAccountsPValues = {
  DigitMapTimer: [85, 491, 591, 691],
  SIPIntercomEnable: [298, 438, 538, 638],
} as const satisfies Record<string, readonly number[]>;
