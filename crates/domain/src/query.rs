//! Lists that filter, sort and page (spec 01 §3 "List filter and sort fields", DESIGN §4): the
//! request's paging fields, the filter operators, and the paged result.

use serde::{Deserialize, Serialize};

use crate::codes::FilterOperator;
use crate::dates::Date;
use crate::validation::{ValidationErrors, fold};

/// Page sizes run from 1 to this (DESIGN §4).
pub const MAX_PAGE_SIZE: u32 = 100;
pub const DEFAULT_PAGE_SIZE: u32 = 10;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    #[default]
    Ascend,
    Descend,
}

/// Which page, how large, and in what order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRequest {
    /// 1-based.
    pub page_index: u32,
    pub page_size: u32,
    pub sort_by: Option<String>,
    pub sort_order: SortOrder,
}

impl PageRequest {
    /// Checks the paging fields; `None` takes the defaults (page 1, size 10).
    pub fn new(
        page_index: Option<u32>,
        page_size: Option<u32>,
        sort_by: Option<String>,
        sort_order: Option<SortOrder>,
    ) -> Result<PageRequest, ValidationErrors> {
        let mut errors = ValidationErrors::new();
        let page_index = page_index.unwrap_or(1);
        if page_index == 0 {
            errors.add("PageIndex", "PageIndex starts at 1.");
        }
        let page_size = page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            errors.add("PageSize", "PageSize must be between 1 and 100.");
        }
        let sort_by = sort_by
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        errors.finish(PageRequest {
            page_index,
            page_size,
            sort_by,
            sort_order: sort_order.unwrap_or_default(),
        })
    }
}

/// One page of a list, in the spec's shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub page_items: Vec<T>,
    pub current_page: u32,
    pub page_size: u32,
    pub total_pages: u32,
    pub total_items: u64,
}

impl<T> Page<T> {
    /// The same page with each item turned into another.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            page_items: self.page_items.into_iter().map(f).collect(),
            current_page: self.current_page,
            page_size: self.page_size,
            total_pages: self.total_pages,
            total_items: self.total_items,
        }
    }
}

/// Cuts the requested page out of `items` (already filtered and sorted). A page past the end
/// is empty but still tells the totals.
pub fn paginate<T>(items: Vec<T>, request: &PageRequest) -> Page<T> {
    let total_items = items.len() as u64;
    let page_items = items
        .into_iter()
        .skip(request.skip())
        .take(request.page_size as usize)
        .collect();
    page_of(page_items, total_items, request)
}

/// The page of `page_items`, already cut out of `total_items` matches.
pub fn page_of<T>(page_items: Vec<T>, total_items: u64, request: &PageRequest) -> Page<T> {
    let size = u64::from(request.page_size.max(1));
    Page {
        page_items,
        current_page: request.page_index,
        page_size: request.page_size,
        total_pages: u32::try_from(total_items.div_ceil(size)).unwrap_or(u32::MAX),
        total_items,
    }
}

impl PageRequest {
    /// How many matches come before the page.
    pub fn skip(&self) -> usize {
        (self.page_index.saturating_sub(1) as usize).saturating_mul(self.page_size as usize)
    }
}

/// Whether `text` contains `needle`, ignoring case and accents; an empty needle matches all.
pub fn contains(text: &str, needle: &str) -> bool {
    let needle = fold(needle.trim());
    needle.is_empty() || fold(text).contains(&needle)
}

/// A date filter: the operator and the value to compare with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateFilter {
    pub operator: FilterOperator,
    pub value: Date,
}

impl DateFilter {
    /// Parses `value` or `OP:value` (for example `GTE:2026-01-01`); a bare date means EQ.
    pub fn parse(text: &str) -> Option<DateFilter> {
        let (operator, value) = match text.split_once(':') {
            Some((op, value)) => {
                let operator = FilterOperator::ALL
                    .iter()
                    .find(|o| o.name().eq_ignore_ascii_case(op))?;
                (*operator, value)
            }
            None => (FilterOperator::Eq, text),
        };
        Some(DateFilter {
            operator,
            value: Date::parse(value.trim())?,
        })
    }

    /// Whether `date` passes; a missing date passes nothing.
    pub fn matches(&self, date: Option<Date>) -> bool {
        let Some(date) = date else { return false };
        match self.operator {
            FilterOperator::Eq | FilterOperator::Contains => date == self.value,
            FilterOperator::Gt => date > self.value,
            FilterOperator::Lt => date < self.value,
            FilterOperator::Gte => date >= self.value,
            FilterOperator::Lte => date <= self.value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(index: u32, size: u32) -> PageRequest {
        PageRequest::new(Some(index), Some(size), None, None).unwrap()
    }

    #[test]
    fn pages_cut_the_list_and_keep_the_totals() {
        let items: Vec<u32> = (1..=23).collect();
        let page = paginate(items.clone(), &request(3, 10));
        assert_eq!(page.page_items, [21, 22, 23]);
        assert_eq!(
            (page.total_pages, page.total_items, page.current_page),
            (3, 23, 3)
        );
        let past_the_end = paginate(items.clone(), &request(9, 10));
        assert!(past_the_end.page_items.is_empty());
        assert_eq!(past_the_end.total_items, 23);
        assert_eq!(paginate(items, &request(1, 100)).page_items.len(), 23);
        assert_eq!(paginate(Vec::<u32>::new(), &request(1, 10)).total_pages, 0);
    }

    #[test]
    fn paging_fields_are_checked() {
        assert_eq!(
            PageRequest::new(None, None, None, None).unwrap().page_size,
            DEFAULT_PAGE_SIZE
        );
        let errors = PageRequest::new(Some(0), Some(101), None, None).unwrap_err();
        assert!(errors.fields().contains_key("PageIndex"));
        assert!(errors.fields().contains_key("PageSize"));
    }

    #[test]
    fn date_filters_take_an_operator() {
        let filter = DateFilter::parse("gte:2026-01-01").unwrap();
        assert!(filter.matches(Date::new(2026, 1, 1)));
        assert!(!filter.matches(Date::new(2025, 12, 31)));
        assert!(!filter.matches(None));
        assert!(
            DateFilter::parse("2026-02-03")
                .unwrap()
                .matches(Date::new(2026, 2, 3))
        );
        assert!(DateFilter::parse("SOON:2026-01-01").is_none());
        assert!(contains("Dubrovník", "dubrov") && contains("x", " ") && !contains("Split", "zag"));
    }
}
