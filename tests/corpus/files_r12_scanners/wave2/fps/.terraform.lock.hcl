provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.54.1"
  constraints = "~> 5.0"
  hashes = [
    "h1:mR+CXdxMARLK5CVUd67eQ/QuvVF3+Goz32dYRPN/WIM=",
    "h1:VSd4e3TXyiV7gKWr/WAxDxPfH6FhGZVeiYIFl2S6OlE=",
    "zh:bc4986e10b742c0bac74200567a820d3d2bfdc8ab3872178a38976ee082c309f",
    "zh:eda739c628efa20124d6d003a6630d95495d395dc32898583128fc49f69e885e",
  ]
}
