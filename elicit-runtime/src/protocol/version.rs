//! The MCP protocol revisions that define elicitation, and what each one allows.

use std::fmt;
use std::str::FromStr;

use serde_core::{Deserialize, Deserializer, Serialize, Serializer};

/// A revision of the MCP specification that has elicitation, as negotiated in `initialize`
/// (or, from 2026-07-28, sent with every request).
///
/// What each revision can express differs; [`ElicitRequest::render`](crate::protocol::ElicitRequest::render)
/// writes a request for one of them. The default is 2025-11-25.
///
/// | revision | form mode | URL mode | multi-select | `default` on | `pattern` |
/// |---|---|---|---|---|---|
/// | 2025-06-18 | yes (no `mode` key) | no | no | booleans only | yes |
/// | 2025-11-25 | yes | yes, with `elicitationId` | yes | every kind | yes |
/// | 2026-07-28 | yes | yes, no `elicitationId` | yes | every kind | no |
///
/// ```
/// use elicit_core::protocol::ProtocolVersion;
///
/// let version: ProtocolVersion = "2025-06-18".parse().unwrap();
/// assert_eq!(version, ProtocolVersion::V2025_06_18);
/// assert_eq!(ProtocolVersion::default().as_str(), "2025-11-25");
/// assert!(!version.has_url_mode());
/// assert!("2024-11-05".parse::<ProtocolVersion>().is_err());
/// ```
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum ProtocolVersion {
    /// `2025-06-18`: elicitation's first revision. Form mode only, single selects as
    /// `enum` + `enumNames`, `default` only on booleans.
    V2025_06_18,
    /// `2025-11-25`: adds `mode`, URL mode, titled and multi-select enums (SEP-1330) and
    /// defaults on every kind (SEP-1034).
    #[default]
    V2025_11_25,
    /// `2026-07-28`: elicitation travels in `InputRequiredResult.inputRequests`; URL mode
    /// has no `elicitationId`, and `pattern` is gone from the text.
    V2026_07_28,
}

impl ProtocolVersion {
    /// Every revision, oldest first.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert_eq!(ProtocolVersion::ALL.map(ProtocolVersion::as_str), ["2025-06-18", "2025-11-25", "2026-07-28"]);
    /// ```
    pub const ALL: [Self; 3] = [Self::V2025_06_18, Self::V2025_11_25, Self::V2026_07_28];

    /// The revision's date, as the protocol writes it (`"2025-11-25"`).
    ///
    /// ```
    /// assert_eq!(elicit_core::protocol::ProtocolVersion::V2026_07_28.as_str(), "2026-07-28");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V2025_06_18 => "2025-06-18",
            Self::V2025_11_25 => "2025-11-25",
            Self::V2026_07_28 => "2026-07-28",
        }
    }

    /// Whether the revision has URL-mode elicitation.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_url_mode());
    /// assert!(ProtocolVersion::V2025_11_25.has_url_mode());
    /// ```
    pub fn has_url_mode(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether the revision has multi-select enums.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_multi_select());
    /// assert!(ProtocolVersion::V2026_07_28.has_multi_select());
    /// ```
    pub fn has_multi_select(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether a URL-mode request carries an `elicitationId` in this revision.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.has_elicitation_id());
    /// assert!(!ProtocolVersion::V2026_07_28.has_elicitation_id());
    /// ```
    pub fn has_elicitation_id(self) -> bool {
        self == Self::V2025_11_25
    }

    /// Whether a request's params carry `mode` (`"form"`, `"url"`): 2025-11-25 on.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_mode());
    /// assert!(ProtocolVersion::V2025_11_25.has_mode());
    /// ```
    pub fn has_mode(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether a `requestedSchema` may name its dialect with `$schema`: 2025-11-25 on.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_schema_uri());
    /// ```
    pub fn has_schema_uri(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether every kind of property may carry a `default` (SEP-1034): 2025-11-25 on;
    /// 2025-06-18 has it on booleans only.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_defaults());
    /// assert!(ProtocolVersion::V2026_07_28.has_defaults());
    /// ```
    pub fn has_defaults(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether a single select's options may carry titles as `oneOf` (SEP-1330): 2025-11-25
    /// on; 2025-06-18 writes them as `enum` + `enumNames`.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_06_18.has_titled_select());
    /// assert!(ProtocolVersion::V2025_11_25.has_titled_select());
    /// ```
    pub fn has_titled_select(self) -> bool {
        self >= Self::V2025_11_25
    }

    /// Whether a server asks by answering the call with an `InputRequiredResult` (the client
    /// retries it with `inputResponses`), instead of sending `elicitation/create` on the
    /// connection: 2026-07-28 on.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(!ProtocolVersion::V2025_11_25.uses_input_required());
    /// assert!(ProtocolVersion::V2026_07_28.uses_input_required());
    /// ```
    pub fn uses_input_required(self) -> bool {
        self >= Self::V2026_07_28
    }

    /// Whether the client may be told a URL interaction finished
    /// (`notifications/elicitation/complete`): 2025-11-25 only (2026-07-28 drops it; the
    /// client's retry is the completion).
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.has_completion_notification());
    /// assert!(!ProtocolVersion::V2026_07_28.has_completion_notification());
    /// ```
    pub fn has_completion_notification(self) -> bool {
        self.has_url_mode() && !self.uses_input_required()
    }

    /// Whether a string property may carry `pattern` in this revision.
    ///
    /// ```
    /// use elicit_core::protocol::ProtocolVersion;
    /// assert!(ProtocolVersion::V2025_11_25.has_pattern());
    /// assert!(!ProtocolVersion::V2026_07_28.has_pattern());
    /// ```
    pub fn has_pattern(self) -> bool {
        self < Self::V2026_07_28
    }
}

impl fmt::Display for ProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ProtocolVersion {
    type Err = UnknownProtocolVersion;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|version| version.as_str() == text)
            .ok_or_else(|| UnknownProtocolVersion {
                version: super::error::quote(text),
            })
    }
}

impl Serialize for ProtocolVersion {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ProtocolVersion {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde_core::de::Error::custom)
    }
}

/// A protocol version string that names no revision with elicitation (an older one such
/// as `2024-11-05`, or one this crate does not know yet).
///
/// ```
/// let error = "2025-03-26".parse::<elicit_core::protocol::ProtocolVersion>().unwrap_err();
/// assert_eq!(error.version(), "2025-03-26");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProtocolVersion {
    version: String,
}

impl UnknownProtocolVersion {
    /// The version string that was refused (cut to 64 characters).
    ///
    /// ```
    /// let long = "9".repeat(100);
    /// let error = long.parse::<elicit_core::protocol::ProtocolVersion>().unwrap_err();
    /// assert_eq!(error.version().chars().count(), 65); // 64 and an ellipsis
    /// ```
    pub fn version(&self) -> &str {
        &self.version
    }
}

impl fmt::Display for UnknownProtocolVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "protocol version {:?} has no elicitation this crate knows; expected 2025-06-18, 2025-11-25 or 2026-07-28",
            self.version
        )
    }
}

impl std::error::Error for UnknownProtocolVersion {}
