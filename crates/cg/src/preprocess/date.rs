//! `__DATE__` and `__TIME__`: the translation date as C spells it (`"Mmm dd yyyy"`, `"hh:mm:ss"`).

use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DateTime {
    pub date: String,
    pub time: String,
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

impl DateTime {
    /// The given time (seconds since 1970-01-01 UTC), or now. C99 6.10.8 asks for a
    /// placeholder when no date is available; that is what a clock before 1970 gets.
    pub fn new(timestamp: Option<u64>) -> DateTime {
        let seconds = timestamp.or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .ok()
                .map(|d| d.as_secs())
        });
        let Some(seconds) = seconds else {
            return DateTime {
                date: "\"??? ?? ????\"".into(),
                time: "\"??:??:??\"".into(),
            };
        };
        let (year, month, day) = civil_from_days((seconds / 86_400) as i64);
        let s = seconds % 86_400;
        DateTime {
            date: format!("\"{} {:>2} {}\"", MONTHS[(month - 1) as usize], day, year),
            time: format!("\"{:02}:{:02}:{:02}\"", s / 3600, s / 60 % 60, s % 60),
        }
    }
}

/// Year, month (1-12) and day of a count of days since 1970-01-01 in the proleptic Gregorian
/// calendar (the standard era-based conversion: 400-year eras of 146097 days).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + (month <= 2) as i64;
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        // 0 is 1970-01-01 00:00:00; 951_782_400 is 2000-02-29 00:00:00 (a leap day).
        assert_eq!(DateTime::new(Some(0)).date, "\"Jan  1 1970\"");
        assert_eq!(DateTime::new(Some(951_782_400)).date, "\"Feb 29 2000\"");
        // One day, one hour, one minute and one second later.
        assert_eq!(DateTime::new(Some(86_400 + 3661)).time, "\"01:01:01\"");
        assert_eq!(DateTime::new(Some(86_400 + 3661)).date, "\"Jan  2 1970\"");
    }
}
